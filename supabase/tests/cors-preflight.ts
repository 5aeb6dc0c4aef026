// A browser's CORS preflight, for tests of a bucket the page PUTs parts to: the embedded storage's
// own tests and the contract every S3 endpoint we support must keep.
import { expect } from 'vitest';

/**
 * The CORS preflight a browser on `origin` sends before it `method`s `url` (with these request
 * headers): what the storage answers decides whether the page may go on.
 */
export function preflight(url: string, origin: string, method: string, requestHeaders?: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': method,
      ...(requestHeaders ? { 'Access-Control-Request-Headers': requestHeaders } : {}),
    },
  });
}

/** Expects the page on `origin` to be let PUT a part to `url` and read its ETag; returns the answer. */
export async function expectPartPutAllowed(url: string, origin: string): Promise<Response> {
  const allowed = await preflight(url, origin, 'PUT', 'content-type');
  expect(allowed.status).toBe(200);
  expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
  expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');
  expect(allowed.headers.get('access-control-expose-headers')).toMatch(/etag/i);
  return allowed;
}

/** Expects a page on `origin` to be refused a PUT to `url`; returns the answer. */
export async function expectPartPutRefused(url: string, origin: string): Promise<Response> {
  const denied = await preflight(url, origin, 'PUT');
  expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  return denied;
}
