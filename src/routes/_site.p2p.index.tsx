import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

// Loaded on demand: PeerJS and tweetnacl stay out of the bundle every other page loads.
export const Route = createFileRoute('/_site/p2p/')({
  component: lazyRouteComponent(() => import('@/features/p2p/components/p2p-screen'), 'P2pScreen'),
});
