// Renders screens the way the app does: Mantine (test env: no transitions, no portals), i18n in
// English, a fresh QueryClient and a router on memory history.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryHistory, createRootRouteWithContext, createRouter, RouterProvider } from '@tanstack/react-router';
import type { AnyRouter } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@/components/app-providers';
import { setupI18n } from '@/lib/i18n';
import type { Language } from '@/lib/i18n';
import type { RouterContext } from '@/lib/router-context';
import { createAppRouter } from '@/router';

export interface RenderOptions {
  /** Language of the first render; 'en' unless given. */
  language?: Language;
  /** Share a client between renders, or inspect its cache; a fresh one otherwise. */
  queryClient?: QueryClient;
}

export interface Rendered extends RenderResult {
  router: AnyRouter;
  queryClient: QueryClient;
  user: UserEvent;
}

/** No retries and no garbage-collection timers, so failures show at once and tests end cleanly. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

async function renderRouter(router: AnyRouter, queryClient: QueryClient, options: RenderOptions): Promise<Rendered> {
  const i18n = setupI18n('Ulak');
  await i18n.changeLanguage(options.language ?? 'en');
  // Resolve the first match (beforeLoad, loaders) before rendering, as the app's first paint does.
  await router.load();
  // No pause between keystrokes: typing is the slowest thing a UI test does.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProviders i18n={i18n} queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, user };
}

/** Renders the real route tree at `path`, e.g. `await renderRoute('/admin/uploads')`. */
export function renderRoute(path: string, options: RenderOptions = {}): Promise<Rendered> {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  return renderRouter(createAppRouter(queryClient, history), queryClient, options);
}

/**
 * Renders one component inside a minimal router (so `Link` and router hooks work) at `path`.
 * For a component that reads route params, render its route with `renderRoute` instead.
 */
export function renderWithProviders(ui: ReactNode, options: RenderOptions & { path?: string } = {}): Promise<Rendered> {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: () => ui });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
    context: { queryClient },
  });
  return renderRouter(router, queryClient, options);
}
