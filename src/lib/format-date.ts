import { useTranslation } from 'react-i18next';

/** 'medium': an upload's date ('Nov 23, 2026, 7:04 AM'); 'long': a deletion date ('November 26, 2026 at 7:04 AM'). */
export type DateLength = 'medium' | 'long';

/** A date and time the way the reader's language writes it (Turkish: '26 Kasım 2026 07:04'). */
export function formatDate(value: string | Date, language: string, length: DateLength = 'medium'): string {
  return new Intl.DateTimeFormat(language, { dateStyle: length, timeStyle: 'short' }).format(new Date(value));
}

/** formatDate in the UI's language, following a language switch. */
export function useFormatDate(): (value: string | Date, length?: DateLength) => string {
  const { i18n } = useTranslation();
  return (value, length) => formatDate(value, i18n.language, length);
}
