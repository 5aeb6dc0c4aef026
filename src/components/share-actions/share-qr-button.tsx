import { lazy, Suspense, useState } from 'react';
import { IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { ShareAction } from './share-action';

const ShareQrDialog = lazy(() => import('./share-qr-dialog').then((m) => ({ default: m.ShareQrDialog })));

export interface ShareQrButtonProps {
  url: string;
  fileName: string;
  compact?: boolean;
}

/** Shows the share link as a QR code, to open it on a phone by pointing the camera at the screen. */
export function ShareQrButton({ url, fileName, compact = false }: ShareQrButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const used = useOpenedOnce(opened);
  return (
    <>
      <ShareAction
        compact={compact}
        label={t('shareExtras.qr')}
        compactLabel={t('shareExtras.qrAria', { name: fileName })}
        icon={IconQrcode}
        onClick={() => setOpened(true)}
      />
      {used && (
        <Suspense fallback={null}>
          <ShareQrDialog url={url} fileName={fileName} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
