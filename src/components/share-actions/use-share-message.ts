import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS } from '@domain/constants';
import { useFormatDate } from '@/lib/format-date';

export interface ShareMessage {
  subject: string;
  /** Name, link and the expiry warning, for a chat message or a mail body. */
  text: string;
}

/** The text sent with a share link: what the file is, the link, and when it disappears. */
export function useShareMessage(fileName: string, url: string, expiresAt?: string | null): ShareMessage {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const date = expiresAt ? new Date(expiresAt) : null;
  const warning =
    date !== null && !Number.isNaN(date.getTime())
      ? t('shareActions.expiresOn', { date: formatDate(date, 'long') })
      : t('shareActions.expiresIn', { count: RETENTION_DAYS });
  return {
    subject: t('shareActions.mailSubject', { name: fileName }),
    text: `${t('shareActions.message', { name: fileName, url })}\n\n${warning}`,
  };
}
