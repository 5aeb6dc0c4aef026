import { createFileRoute, redirect } from '@tanstack/react-router';

// A /share/ link with its id cut off says what /s/ says.
export const Route = createFileRoute('/_site/share/')({
  beforeLoad: () => {
    throw redirect({ to: '/s', replace: true });
  },
});
