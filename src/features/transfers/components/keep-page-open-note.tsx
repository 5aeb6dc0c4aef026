import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUploadsNeedAnOpenPage } from '@/lib/background-sync';

/**
 * Above uploads under way in a browser without Background Sync: they go on only while a page of
 * the app is open, and resume when one is opened again. Nothing where the worker can finish
 * uploads by itself.
 */
export function KeepPageOpenNote() {
  const { t } = useTranslation();
  const needed = useUploadsNeedAnOpenPage();
  if (!needed) return null;
  return (
    <Text size="sm" c="orange" role="note" data-testid="keep-page-open">
      {t('transfers.keepOpen')}
    </Text>
  );
}
