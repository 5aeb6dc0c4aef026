import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShareAction } from './share-action';
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
  return (
    <ShareAction
      compact={compact}
      label={t('shareExtras.nativeShare')}
      compactLabel={t('shareExtras.nativeShareAria', { name: fileName })}
      icon={IconShare}
      onClick={share}
    />
  );
}
