import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './i18n';

// SPEC §2: the choice of the EN/TR switch is kept in localStorage; a first visit follows the
// browser's language.
describe('detectLanguage', () => {
  const browserLanguages = (languages: string[]) => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
  };
  // Other test files of this worker may have left a choice behind.
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('follows the first of the browser languages that Ulak has', () => {
    browserLanguages(['de-DE', 'tr-TR', 'en-US']);
    expect(detectLanguage()).toBe('tr');
    browserLanguages(['en-GB', 'tr']);
    expect(detectLanguage()).toBe('en');
  });

  it('falls back to English when the browser has none of them', () => {
    browserLanguages(['de-DE', 'fr']);
    expect(detectLanguage()).toBe('en');
  });

  it('keeps the choice stored by the switch over the browser language', () => {
    browserLanguages(['en-US']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'tr');
    expect(detectLanguage()).toBe('tr');
  });

  it('ignores a stored value that is not a language Ulak has', () => {
    browserLanguages(['tr-TR']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(detectLanguage()).toBe('tr');
  });
});
