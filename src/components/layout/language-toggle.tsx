import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, toLanguage } from '@/lib/i18n';
import type { Language } from '@/lib/i18n';

function isLanguage(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** EN/TR switch. i18next stores the choice under localStorage `language` and updates <html lang>. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={t('language.label')}
      value={current}
      onChange={(value) => {
        if (isLanguage(value)) void i18n.changeLanguage(value);
      }}
      data={SUPPORTED_LANGUAGES.map((language) => ({
        value: language,
        label: (
          <span title={t(`language.name.${language}`)} lang={language}>
            {t(`language.short.${language}`)}
          </span>
        ),
      }))}
    />
  );
}
