import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, toLanguage } from '@/lib/i18n';
import classes from './language-toggle.module.css';

/**
 * EN/TR switch: a radio group, one radio per language (arrow keys move between them). i18next
 * stores the choice under localStorage `language` and updates <html lang>.
 */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const name = useId();
  return (
    <div role="radiogroup" aria-label={t('language.label')} className={classes.root}>
      {SUPPORTED_LANGUAGES.map((language) => (
        <div key={language}>
          <input
            type="radio"
            className={classes.input}
            id={`${name}-${language}`}
            name={name}
            value={language}
            checked={current === language}
            onChange={() => void i18n.changeLanguage(language)}
          />
          <label htmlFor={`${name}-${language}`} className={classes.label}>
            <span title={t(`language.name.${language}`)} lang={language}>
              {t(`language.short.${language}`)}
            </span>
          </label>
        </div>
      ))}
    </div>
  );
}
