// GET /p2p/ice-servers: the STUN and TURN servers the direct-transfer page hands to WebRTC. Served at
// run time so a TURN secret never goes into the web app's bundle: the page gets only credentials
// that expire (coturn's "REST API" scheme, `use-auth-secret` + `static-auth-secret` in turnserver.conf).
import type { IceConfig } from '../config.ts';
import type { ApiContext } from '../context.ts';
import type { IceServerDto, IceServersDto } from '../domain/api-types.ts';
import { ICE_SERVERS_MAX_PER_WINDOW, ICE_SERVERS_WINDOW_MS } from '../domain/constants.ts';
import { HttpError, json } from '../http.ts';
import { takeSlot, type RateLimit } from '../rate-limit.ts';
import { visitorOf } from '../visitor.ts';

const TURN_LIMIT: RateLimit = {
  action: 'ice_servers',
  max: ICE_SERVERS_MAX_PER_WINDOW,
  windowMs: ICE_SERVERS_WINDOW_MS,
};

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

/** The TURN relay's secret when a relay is configured (URLs and secret), else undefined. */
function turnSecretOf(ice: IceConfig): string | undefined {
  return ice.turnUrls.length > 0 ? ice.turnSecret : undefined;
}

export async function iceServersFor(ice: IceConfig, now: Date): Promise<IceServersDto> {
  const iceServers: IceServerDto[] = ice.stunUrls.length > 0 ? [{ urls: ice.stunUrls }] : [];
  const secret = turnSecretOf(ice);
  if (secret === undefined) return { iceServers };
  const credentials = await turnCredentials(secret, ice.turnTtlSeconds, now);
  iceServers.push({ urls: ice.turnUrls, ...credentials });
  return { iceServers, ttlSeconds: ice.turnTtlSeconds };
}

/**
 * Only answers that carry TURN credentials count against the visitor's quota: STUN addresses are
 * public, a relay's bandwidth is not.
 */
export async function iceServersHandler(req: Request, ctx: ApiContext): Promise<Response> {
  const { ice } = ctx.config;
  if (turnSecretOf(ice) !== undefined) {
    const slot = await takeSlot(ctx.db, TURN_LIMIT, await visitorOf(req, ctx), ctx.now());
    if (!slot.ok) {
      throw new HttpError(
        429,
        'ice_rate_limited',
        `Too many direct transfers started from here: at most ${ICE_SERVERS_MAX_PER_WINDOW} an hour. Please try again later.`,
        { max: ICE_SERVERS_MAX_PER_WINDOW, retryAfterSeconds: slot.retryAfterSeconds },
      );
    }
  }
  return json<IceServersDto>(await iceServersFor(ice, ctx.now()));
}
