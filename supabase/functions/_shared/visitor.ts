// Privacy: we keep a salted hash of the caller's address, never the address itself (DESIGN §3).
import type { ServerConfig } from './config.ts';
import { clientAddress } from './http.ts';

export async function visitorHash(salt: string, address: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${address}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The address a visitor is counted by: an IPv4 address whole, an IPv6 address by its /64 (one
 * subscriber's network: one person can use any of its 2^64 addresses).
 */
export function visitorKey(address: string): string {
  const mapped = /^(?:::ffff:)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The salted hash of the visitor behind a request, for logs, quotas and rate limits. */
export function visitorOf(req: Request, config: Pick<ServerConfig, 'ipHashSalt' | 'trustedProxies'>): Promise<string> {
  return visitorHash(config.ipHashSalt, visitorKey(clientAddress(req, config.trustedProxies)));
}
