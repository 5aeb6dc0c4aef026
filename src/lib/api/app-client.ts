import { env } from '@/config/env';
import { createApiClient, type ApiClient } from './client';

/** The app's API client: the configured backend and anon key (src/config/env.ts). */
export const apiClient: ApiClient = createApiClient({ url: env.supabaseUrl, anonKey: env.supabaseAnonKey });
