import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { NotFoundScreen } from '@/components/errors/not-found-screen';
import { SiteLayout } from '@/components/layout/site-layout';
import type { RouterContext } from '@/lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: () => (
    <SiteLayout>
      <NotFoundScreen />
    </SiteLayout>
  ),
  errorComponent: ({ error }) => <ErrorScreen error={error} />,
});
