import { createFileRoute, lazyRouteComponent, useLocation } from '@tanstack/react-router';

// Loaded on demand: PeerJS and tweetnacl stay out of the bundle every other page loads.
const ReceiveLinkScreen = lazyRouteComponent(
  () => import('@/features/p2p/components/receive-link-screen'),
  'ReceiveLinkScreen',
);

export const Route = createFileRoute('/_site/p2p/$peerId')({
  component: function ReceiveLinkRoute() {
    const { peerId } = Route.useParams();
    // The fragment carries the sender's public key; it never reaches any server.
    const hash = useLocation({ select: (location) => location.hash });
    return <ReceiveLinkScreen peerId={peerId} hash={hash} />;
  },
});
