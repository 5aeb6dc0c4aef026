import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { promptInstall } from '@/lib/pwa';
import { usePwaState } from './use-pwa-state';

/** 'Install app', shown only while the browser offers to install it (beforeinstallprompt). */
export function InstallButton() {
  const { t } = useTranslation();
  const { canInstall } = usePwaState();
  if (!canInstall) return null;
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={() => void promptInstall().catch((error: unknown) => console.error('Install failed', error))}
    >
      {t('pwa.install')}
    </Button>
  );
}
