import { useEffect, useRef } from 'react';
import type { ShareLookup } from '@domain/api-types';
import { useNetwork } from '@mantine/hooks';
import { isExpired } from '@domain/expiry';
import { isShareId } from '@domain/share-id';
import { ApiError } from '@/lib/api/client';
import { useNow } from '@/components/share-actions/use-now';
import { useShare } from '../api/get-share';
import { isGone } from '../api/request-download';
import { ShareAccessProvider } from '../hooks/use-share-access';
import { useShareSecrets } from '../hooks/use-share-secrets';
import {
  BadLinkScreen,
  DownloadLoadingScreen,
  DownloadsUsedUpScreen,
  FileExpiredScreen,
  FileNotFoundScreen,
  FileRemovedScreen,
  InvalidLinkScreen,
  LoadFailedScreen,
  OfflineScreen,
} from './download-states';
import { FileDownloadView } from './file-download-view';
import { PasswordScreen } from './password-screen';
import { TransferDownloadView } from './transfer-download-view';

/** Download page (/s/$shareId and /share/$shareId): every state of docs/product.md §2 and §8. */
export function DownloadScreen({ shareId }: { shareId: string | undefined }) {
  if (shareId === undefined || !isShareId(shareId)) return <InvalidLinkScreen />;
  return <SharedFile shareId={shareId} />;
}

function SharedFile({ shareId }: { shareId: string }) {
  const share = useShare(shareId);
  const now = useNow();
  const { online } = useNetwork();
  const wasOffline = useRef(false);
  const { isError, refetch } = share;
  // Back online after a load that failed meanwhile: it is made again without a tap.
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current && isError) {
      wasOffline.current = false;
      void refetch();
    }
  }, [online, isError, refetch]);
  // Offline with nothing to show: said at once, not after the retries of a load that cannot work.
  if (!online && share.data === undefined) return <OfflineScreen />;
  if (share.isPending) return <DownloadLoadingScreen />;
  if (share.isError) {
    const { error } = share;
    // Taken down by the administrator: said as such, not as 'not found'.
    if (error instanceof ApiError && error.code === 'file_removed') return <FileRemovedScreen />;
    if (error instanceof ApiError && error.code === 'download_limit_reached') return <DownloadsUsedUpScreen />;
    if (isGone(error)) return <FileNotFoundScreen />;
    if (error instanceof ApiError && error.code === 'invalid_share_link') return <InvalidLinkScreen />;
    return <LoadFailedScreen onRetry={() => void share.refetch()} retrying={share.isFetching} />;
  }
  // Metadata read a while ago (cache, an open tab) may describe a file the sweep has since deleted.
  if (isExpired(share.data.expiresAt, now)) return <FileExpiredScreen />;
  return <OpenedShare share={share.data} />;
}

/** The share once its link is read: a bad link or a password first, then its files with what opens them. */
function OpenedShare({ share }: { share: ShareLookup }) {
  const { state, unlock } = useShareSecrets(share.shareId, share.encryption);
  if (state.status === 'bad-link') return <BadLinkScreen problem={state.problem} />;
  if (state.status === 'locked') return <PasswordScreen unlock={unlock} />;
  return (
    <ShareAccessProvider value={state.access}>
      {share.kind === 'transfer' ? (
        <TransferDownloadView transfer={share} />
      ) : (
        <FileDownloadView share={share} downloadsLeft={share.downloadsLeft} directDownload={share.directDownload} />
      )}
    </ShareAccessProvider>
  );
}
