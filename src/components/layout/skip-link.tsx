import { useTranslation } from 'react-i18next';
import classes from './site-layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element: jumps keyboard users past the header. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
      {t('common.skipToContent')}
    </a>
  );
}
