import { isExpired } from '@domain/expiry';
import { isShareId } from '@domain/share-id';
import { ApiError } from '@/lib/api/client';
import { useNow } from '@/components/share-actions/use-now';
import { useShare } from '../api/get-share';
import { isGone } from '../api/request-download';
import {
  DownloadLoadingScreen,
  FileExpiredScreen,
  FileNotFoundScreen,
  FileRemovedScreen,
  InvalidLinkScreen,
  LoadFailedScreen,
} from './download-states';
import { FileDownloadView } from './file-download-view';
import { TransferDownloadView } from './transfer-download-view';

/** Download page (/s/$shareId and /share/$shareId): every state of docs/product.md §2 and §8. */
export function DownloadScreen({ shareId }: { shareId: string | undefined }) {
  if (shareId === undefined || !isShareId(shareId)) return <InvalidLinkScreen />;
  return <SharedFile shareId={shareId} />;
}

function SharedFile({ shareId }: { shareId: string }) {
  const share = useShare(shareId);
  const now = useNow();
  if (share.isPending) return <DownloadLoadingScreen />;
  if (share.isError) {
    const { error } = share;
    // Taken down by the administrator: said as such, not as 'not found'.
    if (error instanceof ApiError && error.code === 'file_removed') return <FileRemovedScreen />;
    if (isGone(error)) return <FileNotFoundScreen />;
    if (error instanceof ApiError && error.code === 'invalid_share_link') return <InvalidLinkScreen />;
    return <LoadFailedScreen onRetry={() => void share.refetch()} retrying={share.isFetching} />;
  }
  // Metadata read a while ago (cache, an open tab) may describe a file the sweep has since deleted.
  if (isExpired(share.data.expiresAt, now)) return <FileExpiredScreen />;
  if (share.data.kind === 'transfer') return <TransferDownloadView transfer={share.data} />;
  return <FileDownloadView share={share.data} />;
}
