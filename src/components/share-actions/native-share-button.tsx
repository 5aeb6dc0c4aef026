import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ShareMessage } from './use-share-message';

/** True where the browser has a system share sheet (phones, some desktops). */
export function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

export interface NativeShareButtonProps {
  message: ShareMessage;
  fileName: string;
  compact?: boolean;
}

/** Hands the link and its message to the system share sheet; rendered only where there is one. */
export function NativeShareButton({ message, fileName, compact = false }: NativeShareButtonProps) {
  const { t } = useTranslation();
  if (!canShareNatively()) return null;
  const share = () => {
    navigator.share({ title: message.subject, text: message.text }).catch((error: unknown) => {
      // Closing the sheet rejects with AbortError: nothing went wrong.
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.error('Share failed', error);
    });
  };
  if (compact) {
    return (
      <Tooltip label={t('shareExtras.nativeShare')} withinPortal={false}>
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={share}
          aria-label={t('shareExtras.nativeShareAria', { name: fileName })}
        >
          <IconShare size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button variant="light" color="gray" leftSection={<IconShare size={18} aria-hidden />} onClick={share}>
      {t('shareExtras.nativeShare')}
    </Button>
  );
}
