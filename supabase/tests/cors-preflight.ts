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
