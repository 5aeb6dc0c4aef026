import { createFileRoute } from '@tanstack/react-router';
import { SharedScreen } from '@/features/share-target/components/shared-screen';

// Where the service worker sends a Web Share Target POST once the files are stored.
export const Route = createFileRoute('/_site/shared')({
  component: SharedScreen,
});
