import { isServer } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { myFilesQueryOptions } from '@/features/transfers/api/get-my-files';
import { TransfersScreen } from '@/features/transfers/components/transfers-screen';
import { SendFileButton } from '@/features/upload/components/send-file-button';

export const Route = createFileRoute('/_site/upload')({
  // Started, not awaited: the list reads IndexedDB and the API, and the screen has its own
  // 'Loading your files...' state, which is better than a blank page while the route waits. The
  // host's render of the page (src/entry-server.tsx) has no device to read: it shows that state.
  loader: ({ context }) => {
    if (!isServer) void context.queryClient.prefetchQuery(myFilesQueryOptions());
  },
  component: function TransfersRoute() {
    // Each finished file opens the file-processing modal too, as on Home.
    return <TransfersScreen fileActions={(file) => <SendFileButton file={file} />} />;
  },
});
