import { createFileRoute } from '@tanstack/react-router';
import { preloadShare } from '@/features/share/api/get-share';
import { DownloadLoadingScreen } from '@/features/share/components/download-states';
import { DownloadScreen } from '@/features/share/components/download-screen';

export const Route = createFileRoute('/_site/s/$shareId')({
  // A recipient who only reads what the file is loads none of the app (a cold download page
  // on a phone); a tap before the app is live is held and made again once it is.
  staticData: { startsOnIntent: true },
  loader: ({ context, params }) => preloadShare(context.queryClient, params.shareId),
  pendingComponent: DownloadLoadingScreen,
  component: function DownloadRoute() {
    const { shareId } = Route.useParams();
    return <DownloadScreen shareId={shareId} />;
  },
});
