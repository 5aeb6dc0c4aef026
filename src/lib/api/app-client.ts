import { env } from '@/config/env';
import { createApiClient, type ApiClient } from './client';

let transport: typeof fetch | null = null;

/**
 * Where the app's calls go instead of the network: the host's page render answers them in-process
 * for the visitor it renders for (src/entry-server.tsx). Null (the browser): the global fetch.
 */
export function setApiTransport(fetcher: typeof fetch | null): void {
  transport = fetcher;
}

/** The app's API client: the configured backend and anon key (src/config/env.ts). */
export const apiClient: ApiClient = createApiClient({
  url: env.supabaseUrl,
  anonKey: env.supabaseAnonKey,
  fetch: (input, init) => (transport ?? fetch)(input, init),
});
