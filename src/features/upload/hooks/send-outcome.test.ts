// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sendOutcome } from './use-send-form';

describe('what the page says after a send', () => {
  it('says sent only when a mail server took the mail; an outbox write is not delivered', () => {
    expect(sendOutcome({ accepted: ['a@example.com', 'b@example.com'], delivery: 'sent' })).toEqual({
      kind: 'sent',
      count: 2,
    });
    expect(sendOutcome({ accepted: ['a@example.com'], delivery: 'outbox' })).toEqual({ kind: 'outbox' });
  });
});
