import type { ReactNode } from 'react';
import { Button, Loader, Text } from '@mantine/core';
import {
  IconBan,
  IconClockOff,
  IconDownloadOff,
  IconKeyOff,
  IconFileOff,
  IconLinkOff,
  IconRefresh,
  IconWifiOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShareStateScreen } from './share-state-screen';

/** The dead ends of the download page (docs/product.md §2, §8), each with its icon, colour and words. */
const DEAD_ENDS = {
  /** No share id, or one that cannot be a share id: nothing to ask the server. */
  invalid: { icon: IconLinkOff, color: 'orange', title: 'download.invalid.title', text: 'download.invalid.text' },
  notFound: { icon: IconFileOff, color: 'gray', title: 'download.notFound.title', text: 'download.notFound.text' },
  /** The administrator took the file down (the API answers 410 file_removed). */
  removed: { icon: IconBan, color: 'red', title: 'download.removed.title', text: 'download.removed.text' },
  expired: { icon: IconClockOff, color: 'red', title: 'download.expired.title', text: 'download.expired.text' },
  /** The sender's download limit was reached (the API answers 410 download_limit_reached). */
  usedUp: { icon: IconDownloadOff, color: 'red', title: 'download.usedUp.title', text: 'download.usedUp.text' },
  /** An encrypted share's link without its key, or with only the start of it. */
  linkIncomplete: {
    icon: IconLinkOff,
    color: 'orange',
    title: 'download.link.incomplete.title',
    text: 'download.link.incomplete.text',
  },
  /** An encrypted share's link whose key is not a key, or not this share's. */
  linkBroken: {
    icon: IconKeyOff,
    color: 'orange',
    title: 'download.link.broken.title',
    text: 'download.link.broken.text',
  },
  loadFailed: {
    icon: IconWifiOff,
    color: 'red',
    title: 'download.loadFailed.title',
    text: 'download.loadFailed.text',
  },
} as const;

function DeadEnd({ kind, children }: { kind: keyof typeof DEAD_ENDS; children?: ReactNode }) {
  const { t } = useTranslation();
  const { icon: Icon, color, title, text } = DEAD_ENDS[kind];
  return (
    <ShareStateScreen icon={<Icon size={32} />} color={color} title={t(title)} text={t(text)}>
      {children}
    </ShareStateScreen>
  );
}

export function InvalidLinkScreen() {
  return <DeadEnd kind="invalid" />;
}

/** What a recipient of a link that has gone can still do. */
function AskSender() {
  const { t } = useTranslation();
  return <Text fw={500}>{t('download.askSender')}</Text>;
}

/** An encrypted share's link that cannot open it: said before a byte of its files is fetched. */
export function BadLinkScreen({ problem }: { problem: 'incomplete' | 'broken' }) {
  return <DeadEnd kind={problem === 'incomplete' ? 'linkIncomplete' : 'linkBroken'} />;
}

export function FileNotFoundScreen() {
  return (
    <DeadEnd kind="notFound">
      <AskSender />
    </DeadEnd>
  );
}

export function FileRemovedScreen() {
  return <DeadEnd kind="removed" />;
}

export function DownloadsUsedUpScreen() {
  return (
    <DeadEnd kind="usedUp">
      <AskSender />
    </DeadEnd>
  );
}

export function FileExpiredScreen() {
  return (
    <DeadEnd kind="expired">
      <AskSender />
    </DeadEnd>
  );
}

/** The device is offline: said at once, and the page loads by itself once it is back (DownloadScreen). */
export function OfflineScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <ShareStateScreen
        icon={<IconWifiOff size={32} />}
        color="gray"
        title={t('download.offline.title')}
        text={t('download.offline.text')}
      />
    </div>
  );
}

export function LoadFailedScreen({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <DeadEnd kind="loadFailed">
      <Button onClick={onRetry} loading={retrying} leftSection={<IconRefresh size={18} aria-hidden />}>
        {t('download.loadFailed.retry')}
      </Button>
    </DeadEnd>
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
