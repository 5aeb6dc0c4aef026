// GET /p2p/ice-servers: the STUN and TURN servers the direct-transfer page hands to WebRTC. Served at
// run time so a TURN secret never goes into the web app's bundle: the page gets only credentials
// that expire (coturn's "REST API" scheme, `use-auth-secret` + `static-auth-secret` in turnserver.conf).
import type { IceConfig } from '../config.ts';
import type { ApiContext } from '../context.ts';
import type { IceServerDto, IceServersDto } from '../domain/api-types.ts';
import { json } from '../http.ts';

/**
 * coturn's time-limited credentials: the username is the expiry as a unix time, the password
 * base64(HMAC-SHA1(secret, username)). coturn recomputes it from the same secret.
 */
export async function turnCredentials(
  secret: string,
  ttlSeconds: number,
  now: Date,
): Promise<{ username: string; credential: string }> {
  const username = String(Math.floor(now.getTime() / 1000) + ttlSeconds);
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-1' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(username)));
  return { username, credential: btoa(String.fromCharCode(...mac)) };
}

export async function iceServersFor(ice: IceConfig, now: Date): Promise<IceServersDto> {
  const iceServers: IceServerDto[] = ice.stunUrls.length > 0 ? [{ urls: ice.stunUrls }] : [];
  if (ice.turnUrls.length === 0 || ice.turnSecret === undefined) return { iceServers };
  const credentials = await turnCredentials(ice.turnSecret, ice.turnTtlSeconds, now);
  iceServers.push({ urls: ice.turnUrls, ...credentials });
  return { iceServers, ttlSeconds: ice.turnTtlSeconds };
}

export async function iceServersHandler(_req: Request, ctx: ApiContext): Promise<Response> {
  return json<IceServersDto>(await iceServersFor(ctx.config.ice, ctx.now()));
}
