// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { setupI18n } from '@/lib/i18n';
import { ApiError } from './client';
import { describeError, failureOf, localFailure } from './failure';

describe('a failure, as the person reads it', () => {
  it("says the API's refusal in the UI's language, sizes written the reader's way", async () => {
    const i18n = setupI18n('Ulak');
    const t = i18n.t.bind(i18n);
    const tooLarge = new ApiError(
      'server',
      413,
      'file_too_large',
      'This file is larger than 2 GB, the limit per file.',
      {
        maxBytes: 2 * 1024 ** 3,
      },
    );
    await i18n.changeLanguage('en');
    expect(describeError(t, tooLarge)).toBe('This file is larger than 2 GB, the limit per file.');
    await i18n.changeLanguage('tr');
    expect(describeError(t, tooLarge)).toBe('Bu dosya, dosya başına sınır olan 2 GB boyutundan büyük.');
    const mismatch = new ApiError('server', 400, 'size_mismatch', 'English', {
      actualBytes: 1536,
      declaredBytes: 2048,
    });
    expect(describeError(t, mismatch)).toContain('1,5 KB');
    await i18n.changeLanguage('en');
  });

  it('finds the code of a network failure, a stored failure and a failure of the device', async () => {
    const i18n = setupI18n('Ulak');
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(describeError(t, new ApiError('network', 0, 'network', 'no answer'))).toBe(
      'Network connection failed. Please check your internet connection and try again.',
    );
    expect(describeError(t, { code: 'part_refused', params: { part: 3, status: 400 } })).toBe(
      'The storage refused part 3 of the file. Please try again.',
    );
    const wrapped = new Error('The upload failed.', { cause: localFailure('file_missing', 'gone') });
    expect(failureOf(wrapped)).toEqual({ code: 'file_missing' });
  });

  it('never shows a raw message or key for an error it does not know', async () => {
    const i18n = setupI18n('Ulak');
    await i18n.changeLanguage('en');
    expect(describeError(i18n.t.bind(i18n), new TypeError('x is undefined'))).toBe(
      'Something unexpected went wrong. Please try again.',
    );
  });
});
