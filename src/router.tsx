import { createRouter } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ErrorScreen } from '@/components/errors/error-screen';
import { routeTree } from './routeTree.gen';

/** The app's router. Tests pass a memory history; the app uses the browser's. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // The page's own origin (links the screens show start with it); the host's render of a page
    // sets the site's (src/entry-server.tsx).
    origin: typeof window === 'undefined' ? undefined : window.location.origin,
    // Loaders use TanStack Query's cache; the router need not cache on top of it.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: ({ error }) => <ErrorScreen error={error} />,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /**
     * The screen reads whole as the host renders it, so the app need not start until the visitor
     * shows an intent to act (a touch, a key): the host marks its page so (src/entry-server.tsx)
     * and public/boot.js starts the app then. Default false: the app starts after the first paint.
     */
    startsOnIntent?: boolean;
  }
}
