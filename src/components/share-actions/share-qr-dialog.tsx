import { useEffect, useState } from 'react';
import { Anchor, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The link as an SVG QR code, made in the browser (the link never goes to a third party). */
async function qrSvgDataUrl(url: string): Promise<string> {
  // Loaded on first use: most visitors never open a QR code.
  const { toString } = await import('qrcode');
  const svg = await toString(url, {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function QrCodeImage({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    qrSvgDataUrl(url)
      .then((value) => live && setSrc(value))
      .catch((error: unknown) => {
        console.error('Could not draw the QR code', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [url]);
  if (failed) return <Text c="red">{t('shareExtras.qrFailed')}</Text>;
  if (src === null) return <Loader aria-label={t('shareExtras.qrLoading')} />;
  return (
    <img
      src={src}
      alt={t('shareExtras.qrAlt', { name: fileName, url })}
      width={240}
      height={240}
      style={{ maxWidth: '100%', height: 'auto', background: '#fff', borderRadius: 8 }}
    />
  );
}

export interface ShareQrDialogProps {
  url: string;
  fileName: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * The QR code in a dialog. A module of its own, loaded when the button is first used: the dialog
 * brings Mantine's modal stack (focus trap, scroll lock, portal), which a recipient's first visit
 * does not need.
 */
export function ShareQrDialog({ url, fileName, opened, onClose }: ShareQrDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shareExtras.qrTitle', { name: fileName })}
      closeButtonProps={{ 'aria-label': t('shareExtras.close') }}
      centered
    >
      <Stack align="center" gap="sm">
        <Center mih={240}>{opened && <QrCodeImage url={url} fileName={fileName} />}</Center>
        <Text size="sm" c="dimmed" ta="center">
          {t('shareExtras.qrHint')}
        </Text>
        <Anchor href={url} size="sm" style={{ overflowWrap: 'anywhere' }} ta="center">
          {url}
        </Anchor>
      </Stack>
    </Modal>
  );
}
