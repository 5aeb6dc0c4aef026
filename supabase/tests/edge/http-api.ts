// An API reached over HTTP at a base URL, as the page reaches it: the same calls the in-process
// platform offers (`call`, with the anon key), so the helpers and cases of ../api work on either.
import type { ApiCaller } from '../api/upload-helpers.ts';
import { TEST_ANON_KEY, TEST_SWEEP_SECRET, type TestPlatform } from '../platform.ts';

export interface HttpApi extends ApiCaller {
  /** The API's base URL: .../functions/v1/api, or /api as the Edge runtime passes it. */
  api: string;
  anonKey: string;
  /** The bearer secret of POST /sweep. */
  sweepSecret: string;
}

export function httpApi(options: Omit<HttpApi, 'call'>): HttpApi {
  return {
    ...options,
    call: (method, apiPath, init = {}) => {
      const headers: Record<string, string> = { apikey: options.anonKey, ...init.headers };
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      return fetch(`${options.api}${apiPath}`, { method, headers, body });
    },
  };
}

/** The in-process platform's API over its HTTP server, as a page would reach it. */
export function platformOverHttp(p: TestPlatform): HttpApi {
  return httpApi({
    api: `${p.storageOrigin}/functions/v1/api`,
    anonKey: TEST_ANON_KEY,
    sweepSecret: TEST_SWEEP_SECRET,
    bucketUrl: p.bucketUrl,
  });
}
