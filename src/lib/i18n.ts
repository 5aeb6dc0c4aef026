// Translations for every visible string. English and Turkish; the visitor's choice is kept in
// localStorage under `language`, and the first visit follows the browser's language.
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import en from '@/locales/en.json';
import tr from '@/locales/tr.json';

export const SUPPORTED_LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** localStorage key of the chosen language (SPEC §2). */
export const LANGUAGE_STORAGE_KEY = 'language';

export const resources = {
  en: { translation: en },
  tr: { translation: tr },
} as const;

export const i18n = i18next.createInstance();

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Narrows whatever i18next resolved ('tr-TR', 'en-US', ...) to one of ours. */
export function toLanguage(value: string | undefined): Language {
  return value?.toLowerCase().startsWith('tr') ? 'tr' : 'en';
}

/**
 * Initialises the shared instance once. `productName` fills `{{product}}` in every string.
 * Later calls only update the product name, so tests and the error screen can call it freely.
 */
export function setupI18n(productName: string): typeof i18n {
  if (i18n.isInitialized) {
    i18n.options.interpolation = {
      ...i18n.options.interpolation,
      defaultVariables: { product: productName },
    };
    return i18n;
  }
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      supportedLngs: SUPPORTED_LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      // Resources are bundled, so initialisation is synchronous and no Suspense is needed.
      initAsync: false,
      interpolation: { escapeValue: false, defaultVariables: { product: productName } },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      returnNull: false,
    });
  // `{{size, bytes}}` writes a size the reader's way ('1,5 GB' in Turkish): the API's error params
  // give sizes in bytes (their names end in Bytes).
  i18n.services.formatter?.add('bytes', (value: unknown, language: string | undefined) =>
    formatBytes(Number(value), language),
  );
  syncDocumentLanguage(toLanguage(i18n.resolvedLanguage ?? i18n.language));
  i18n.on('languageChanged', (language) => syncDocumentLanguage(toLanguage(language)));
  return i18n;
}
