// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_OFFER_FILES } from './constants';
import { MessageError, parseControl } from './messages';

describe('control messages', () => {
  it('takes a well-formed offer and cleans its paths', () => {
    expect(
      parseControl({
        type: 'offer',
        files: [
          { path: '../../etc/passwd', size: 5, type: 'text/plain' },
          { path: 'photos/a\u0000b?.jpg', size: 0, type: 'image/jpeg\nX-Evil: 1' },
        ],
      }),
    ).toEqual({
      type: 'offer',
      files: [
        { path: 'etc/passwd', size: 5, type: 'text/plain' },
        { path: 'photos/a_b_.jpg', size: 0, type: '' },
      ],
    });
  });

  it.each([
    ['no files', { type: 'offer', files: [] }],
    [
      'too many files',
      { type: 'offer', files: Array.from({ length: MAX_OFFER_FILES + 1 }, () => ({ path: 'a', size: 1, type: '' })) },
    ],
    ['a negative size', { type: 'offer', files: [{ path: 'a', size: -1, type: '' }] }],
    ['a fractional size', { type: 'offer', files: [{ path: 'a', size: 1.5, type: '' }] }],
    ['a name of dots', { type: 'offer', files: [{ path: '../..', size: 1, type: '' }] }],
    ['a huge path', { type: 'offer', files: [{ path: 'a'.repeat(5000), size: 1, type: '' }] }],
    ['an ack without a position', { type: 'ack' }],
    ['a sync of another phase', { type: 'sync', phase: 'upload', next: 0 }],
    ['an unknown type', { type: 'shell' }],
    ['a string', 'offer'],
  ])('refuses %s', (_, value) => {
    expect(() => parseControl(value)).toThrow(MessageError);
  });

  it('reads an unknown cancel reason as unexpected', () => {
    expect(parseControl({ type: 'cancel', reason: 'whatever' })).toEqual({ type: 'cancel', reason: 'unexpected' });
  });
});
