import { createFileRoute } from '@tanstack/react-router';
import { preloadShare } from '@/features/share/api/get-share';
import { DownloadLoadingScreen } from '@/features/share/components/download-states';
import { DownloadScreen } from '@/features/share/components/download-screen';

export const Route = createFileRoute('/_site/s/$shareId')({
  loader: ({ context, params }) => preloadShare(context.queryClient, params.shareId),
  pendingComponent: DownloadLoadingScreen,
  component: function DownloadRoute() {
    const { shareId } = Route.useParams();
    return <DownloadScreen shareId={shareId} />;
  },
});
