import { createFileRoute } from '@tanstack/react-router';
import { myFilesQueryOptions } from '@/features/transfers/api/get-my-files';
import { TransfersScreen } from '@/features/transfers/components/transfers-screen';

export const Route = createFileRoute('/_site/upload')({
  // Started, not awaited: the list reads IndexedDB and the API, and the screen has its own
  // 'Loading your files...' state, which is better than a blank page while the route waits.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myFilesQueryOptions());
  },
  component: TransfersScreen,
});
