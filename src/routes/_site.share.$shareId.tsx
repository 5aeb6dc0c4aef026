import { createFileRoute } from '@tanstack/react-router';
import { isShareId } from '@domain/share-id';
import { shareQueryOptions } from '@/features/share/api/get-share';
import { DownloadLoadingScreen } from '@/features/share/components/download-states';
import { DownloadScreen } from '@/features/share/components/download-screen';

export const Route = createFileRoute('/_site/share/$shareId')({
  loader: async ({ context, params }) => {
    // A malformed id is never sent; a failed load is not a route error: the screen shows it.
    if (!isShareId(params.shareId)) return;
    await context.queryClient.ensureQueryData(shareQueryOptions(params.shareId)).catch(() => undefined);
  },
  pendingComponent: DownloadLoadingScreen,
  component: function DownloadRoute() {
    const { shareId } = Route.useParams();
    return <DownloadScreen shareId={shareId} />;
  },
});
