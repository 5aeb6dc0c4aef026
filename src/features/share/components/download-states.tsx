import { Button, Loader } from '@mantine/core';
import { IconBan, IconClockOff, IconFileOff, IconLinkOff, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShareStateScreen } from './share-state-screen';

/** No share id, or one that cannot be a share id: nothing to ask the server. */
export function InvalidLinkScreen() {
  const { t } = useTranslation();
  return (
    <ShareStateScreen
      icon={<IconLinkOff size={32} />}
      color="orange"
      title={t('download.invalid.title')}
      text={t('download.invalid.text')}
    />
  );
}

export function DownloadLoadingScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <ShareStateScreen icon={<Loader size="md" />} color="blue" title={t('download.loading')} withHomeLink={false} />
    </div>
  );
}

export function FileNotFoundScreen() {
  const { t } = useTranslation();
  return (
    <ShareStateScreen
      icon={<IconFileOff size={32} />}
      color="gray"
      title={t('download.notFound.title')}
      text={t('download.notFound.text')}
    />
  );
}

/** The administrator took the file down (the API answers 410 file_removed). */
export function FileRemovedScreen() {
  const { t } = useTranslation();
  return (
    <ShareStateScreen
      icon={<IconBan size={32} />}
      color="red"
      title={t('download.removed.title')}
      text={t('download.removed.text')}
    />
  );
}

export function FileExpiredScreen() {
  const { t } = useTranslation();
  return (
    <ShareStateScreen
      icon={<IconClockOff size={32} />}
      color="red"
      title={t('download.expired.title')}
      text={t('download.expired.text')}
    />
  );
}

export function LoadFailedScreen({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <ShareStateScreen
      icon={<IconWifiOff size={32} />}
      color="red"
      title={t('download.loadFailed.title')}
      text={t('download.loadFailed.text')}
    >
      <Button onClick={onRetry} loading={retrying} leftSection={<IconRefresh size={18} aria-hidden />}>
        {t('download.loadFailed.retry')}
      </Button>
    </ShareStateScreen>
  );
}
