// Who a signalling socket belongs to, and what that visitor may still do: how many sockets it
// holds, how fast it opens new ones, and how many ids nobody holds it has asked for.
import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import { clientAddress } from '../../functions/_shared/http.ts';
import type { PeerLimits } from './limits.ts';
import { TokenBucket } from './token-bucket.ts';

/** Addresses whose buckets refilled and who hold no socket are forgotten this often. */
const PRUNE_INTERVAL_MS = 60_000;

/**
 * The visitor's address as the API counts it (X-Forwarded-For behind TRUST_PROXY proxies, else
 * the socket's), so a client cannot choose the address it is counted by.
 */
export function visitorAddress(req: IncomingMessage, trustedProxies: number): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  const forwarded = [req.headers['x-forwarded-for'] ?? []].flat().join(', ');
  const chain = trustedProxies > 0 && forwarded ? `${forwarded}, ${socket}` : socket;
  try {
    return clientAddress(
      new Request('http://peer.invalid/', { headers: { 'x-forwarded-for': chain } }),
      trustedProxies,
    );
  } catch {
    return socket; // a header value the Fetch API refuses: the proxy in front is not ours
  }
}

/**
 * The key a visitor is counted under: an IPv4 address as is (also when mapped into IPv6), an IPv6
 * address by its /64, since one subscriber is given a whole /64 to choose addresses from.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export type Refusal = 'too many sockets from this address' | 'too many new sockets from this address';

interface Visitor {
  sockets: number;
  connects: TokenBucket;
  unknownIds: TokenBucket;
}

export class AddressGate {
  private readonly visitors = new Map<string, Visitor>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly limits: PeerLimits) {
    this.timer = setInterval(() => this.prune(), PRUNE_INTERVAL_MS);
    this.timer.unref();
  }

  private visitor(key: string): Visitor {
    let visitor = this.visitors.get(key);
    if (!visitor) {
      visitor = {
        sockets: 0,
        connects: TokenBucket.perMinute(this.limits.connectBurst, this.limits.connectsPerMinute),
        unknownIds: TokenBucket.perMinute(this.limits.unknownIdBurstPerAddress, this.limits.unknownIdsPerMinute),
      };
      this.visitors.set(key, visitor);
    }
    return visitor;
  }

  /** Counts a new socket of `key`, or says why it may not have one. Each admitted one is released. */
  admit(key: string): Refusal | null {
    const visitor = this.visitor(key);
    if (visitor.sockets >= this.limits.socketsPerAddress) return 'too many sockets from this address';
    if (!visitor.connects.take()) return 'too many new sockets from this address';
    visitor.sockets++;
    return null;
  }

  release(key: string): void {
    const visitor = this.visitors.get(key);
    if (visitor) visitor.sockets = Math.max(0, visitor.sockets - 1);
  }

  /** Spends one of `key`'s messages to ids nobody holds; false once they are spent. */
  takeUnknownId(key: string): boolean {
    return this.visitor(key).unknownIds.take();
  }

  private prune(): void {
    const now = Date.now();
    for (const [key, visitor] of this.visitors) {
      if (visitor.sockets === 0 && visitor.connects.full(now) && visitor.unknownIds.full(now))
        this.visitors.delete(key);
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
