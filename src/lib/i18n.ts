// Translations for every visible string. English and Turkish; the visitor's choice is kept in
// localStorage under `language`, and the first visit follows the browser's language.
import i18next from 'i18next';
import type { BackendModule, ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';

export const SUPPORTED_LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** localStorage key of the chosen language (docs/product.md §2). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** One locale file's content (the `translation` namespace of one language). */
export type Translations = ResourceLanguage;

/**
 * Each locale file is a chunk of its own, fetched when its language is first needed: a visitor
 * downloads only the strings of their language (each file is about 45 KB before compression).
 */
const LOCALE_FILES: Record<Language, () => Promise<{ default: Translations }>> = {
  en: () => import('@/locales/en.json'),
  tr: () => import('@/locales/tr.json'),
};

const localeFiles: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, _namespace, callback) {
    LOCALE_FILES[toLanguage(language)]().then(
      (file) => callback(null, file.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

function syncDocumentLanguage(language: string): void {
  // Only a change: writing the attribute has the browser match the page's styles again.
  if (typeof document !== 'undefined' && document.documentElement.lang !== language) {
    document.documentElement.lang = language;
  }
}

/** Narrows whatever i18next resolved ('tr-TR', 'en-US', ...) to one of ours. */
export function toLanguage(value: string | undefined): Language {
  return value?.toLowerCase().startsWith('tr') ? 'tr' : 'en';
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // no storage (Node in tests, storage blocked by the browser's settings)
  }
}

function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not kept: the next visit follows the browser again
  }
}

/** The first of `candidates` ('tr-TR', 'en', ...) we have, else English. */
export function pickLanguage(candidates: ReadonlyArray<string | null | undefined>): Language {
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().split('-')[0];
    const found = SUPPORTED_LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return 'en';
}

/**
 * The visitor's choice kept in localStorage, else the first of the browser's languages we have,
 * else English. A few lines of our own in place of i18next-browser-languagedetector, whose 6 KB
 * (minified) every first screen loaded for these two lookups.
 */
export function detectLanguage(): Language {
  const candidates = [storedLanguage()];
  if (typeof navigator !== 'undefined') candidates.push(...(navigator.languages ?? []), navigator.language);
  return pickLanguage(candidates);
}

/**
 * The languages of an Accept-Language header in the order given (browsers list them by
 * preference), without those refused with q=0: what `navigator.languages` says in the page.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((item) => item.trim().split(';'))
    .filter(([tag, ...params]) => tag && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
    .map(([tag]) => tag as string);
}

let ready: Promise<unknown> | null = null;

/**
 * Initialises the shared instance once. `productName` fills `{{product}}` in every string.
 * Later calls only update the product name, so tests and the error screen can call it freely.
 * `bundled` gives languages at once (tests); any other language loads when first used, and
 * `i18nReady` says when the first one has.
 */
export function setupI18n(productName: string, bundled: Partial<Record<Language, Translations>> = {}): typeof i18n {
  if (ready) {
    i18n.options.interpolation = {
      ...i18n.options.interpolation,
      defaultVariables: { product: productName },
    };
    return i18n;
  }
  const language = detectLanguage();
  // Kept from the first visit on, as the switch keeps a choice.
  storeLanguage(language);
  ready = i18n
    .use(localeFiles)
    .use(initReactI18next)
    .init({
      resources: Object.fromEntries(
        Object.entries(bundled).map(([language, translation]) => [language, { translation }]),
      ),
      partialBundledLanguages: true,
      supportedLngs: SUPPORTED_LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      // Both files have the same keys (locales.test.ts), so Turkish needs no English underneath:
      // a Turkish visitor does not download the English file too.
      fallbackLng: { tr: [], default: ['en'] },
      // Starts loading at once; main.tsx waits for `i18nReady` before the first render, so no
      // component suspends for its strings.
      initAsync: false,
      interpolation: { escapeValue: false, defaultVariables: { product: productName } },
      lng: language,
      returnNull: false,
    });
  // `{{size, bytes}}` writes a size the reader's way ('1,5 GB' in Turkish): the API's error params
  // give sizes in bytes (their names end in Bytes).
  i18n.services.formatter?.add('bytes', (value: unknown, language: string | undefined) =>
    formatBytes(Number(value), language),
  );
  syncDocumentLanguage(toLanguage(i18n.resolvedLanguage ?? i18n.language));
  i18n.on('languageChanged', (changed) => {
    syncDocumentLanguage(toLanguage(changed));
    storeLanguage(toLanguage(changed));
  });
  return i18n;
}

/** Resolves when the detected language's strings are loaded (at once when they were bundled). */
export function i18nReady(): Promise<unknown> {
  return ready ?? Promise.reject(new Error('setupI18n has not been called'));
}
