import { createFileRoute } from '@tanstack/react-router';
import { DownloadScreen } from '@/features/share/components/download-screen';

export const Route = createFileRoute('/_site/s/$shareId')({
  component: function DownloadRoute() {
    const { shareId } = Route.useParams();
    return <DownloadScreen shareId={shareId} />;
  },
});
