import { describe, expect, it } from 'vitest';
import { MAX_RECIPIENTS } from './constants.ts';
import { addRecipient, canAddRecipient, checkRecipient, toSingleLine, validateRecipientList } from './recipients.ts';

const full = Array.from({ length: MAX_RECIPIENTS }, (_, i) => `person${i}@example.com`);

describe('recipient rules', () => {
  it('adds a real address, trimmed and lower-cased', () => {
    expect(addRecipient([], '  Ada@Example.COM ')).toEqual({ list: ['ada@example.com'], problem: null });
  });

  it('refuses text that is not an email address (an @ alone is not enough)', () => {
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com']) {
      expect(checkRecipient([], bad), bad).toEqual({ ok: false, problem: 'invalid' });
    }
  });

  it('refuses what a mail header could read as a display name or a second address', () => {
    for (const bad of [
      '"x"<evil>a@b.co',
      '<a@b.co>',
      'a@b.co,c@d.co',
      'a@b.co;c@d.co',
      'a@b.co\r\nbcc:c@d.co',
      'a(x)@b.co',
      'a\\b@c.co',
      'a..b@c.co',
      '.a@b.co',
      'a@-b.co',
      'a@b.c0',
    ]) {
      expect(checkRecipient([], bad), bad).toEqual({ ok: false, problem: 'invalid' });
    }
    for (const good of ["o'brien@example.ie", 'first.last+tag@mail.example.com.tr', 'x@xn--mnchen-3ya.de']) {
      expect(checkRecipient([], good), good).toMatchObject({ ok: true });
    }
  });

  it('refuses an empty input', () => {
    expect(checkRecipient([], '   ')).toEqual({ ok: false, problem: 'empty' });
  });

  it('refuses an address already in the list, whatever its case', () => {
    const result = addRecipient(['ada@example.com'], 'ADA@example.com');
    expect(result).toEqual({ list: ['ada@example.com'], problem: 'duplicate' });
  });

  it(`stops at ${MAX_RECIPIENTS} recipients`, () => {
    expect(canAddRecipient(full.slice(1))).toBe(true);
    expect(canAddRecipient(full)).toBe(false);
    expect(addRecipient(full, 'one.more@example.com')).toEqual({ list: full, problem: 'full' });
  });

  it('checks a whole list as the server receives it', () => {
    expect(validateRecipientList([])).toEqual({ ok: false, problem: 'none' });
    expect(validateRecipientList([...full, 'x@example.com'])).toEqual({ ok: false, problem: 'full' });
    expect(validateRecipientList(['a@example.com', 'A@example.com'])).toEqual({ ok: false, problem: 'duplicate' });
    expect(validateRecipientList(['a@example.com', 42])).toEqual({ ok: false, problem: 'invalid' });
    expect(validateRecipientList(['a@example.com', 'nope'])).toEqual({ ok: false, problem: 'invalid' });
    expect(validateRecipientList([' B@example.com', 'c@example.org'])).toEqual({
      ok: true,
      recipients: ['b@example.com', 'c@example.org'],
    });
  });

  it('keeps a subject on one line', () => {
    expect(toSingleLine('Hello\r\nBcc: victim@example.com')).toBe('Hello Bcc: victim@example.com');
  });
});
