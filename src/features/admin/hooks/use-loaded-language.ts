import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Whether the strings of `language` are loaded, loading them if not. The app loads only the UI's
 * language; the page editor writes a page's built-in text in the page's own language, which may
 * be the other one.
 */
export function useLoadedLanguage(language: string): boolean {
  const { i18n } = useTranslation();
  const loaded = i18n.hasResourceBundle(language, 'translation');
  const [, setLoadedAt] = useState(0);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void i18n.loadLanguages(language).then(() => {
      if (live) setLoadedAt(Date.now());
    });
    return () => {
      live = false;
    };
  }, [i18n, language, loaded]);
  return loaded;
}
