import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptedLanguages, detectLanguage, LANGUAGE_STORAGE_KEY, pickLanguage } from './i18n';

// docs/product.md §2: the choice of the EN/TR switch is kept in localStorage; a first visit follows the
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

// The host renders a first visit's page in the language the browser asks for (Accept-Language),
// the one the app then picks from navigator.languages.
describe('the language of a page the host renders', () => {
  it('follows the first language of Accept-Language that Ulak has', () => {
    expect(pickLanguage(acceptedLanguages('tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7'))).toBe('tr');
    expect(pickLanguage(acceptedLanguages('de-DE, tr;q=0.5, en;q=0.3'))).toBe('tr');
    expect(pickLanguage(acceptedLanguages('en-GB,en;q=0.9,tr;q=0.8'))).toBe('en');
  });

  it('skips a language refused with q=0 and falls back to English when none is had', () => {
    expect(pickLanguage(acceptedLanguages('tr;q=0, en;q=0.5'))).toBe('en');
    expect(pickLanguage(acceptedLanguages('fr, de'))).toBe('en');
    expect(pickLanguage(acceptedLanguages(undefined))).toBe('en');
    expect(pickLanguage(acceptedLanguages(' , ;q=1'))).toBe('en');
  });
});
