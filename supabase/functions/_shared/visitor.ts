// Privacy: we keep a salted hash of the caller's address, never the address itself. The salt is a
// random one per UTC day, kept in the database so every host agrees, and mixed with the server's
// own IP_HASH_SALT, so neither a database dump nor the environment alone reverses a hash. A day's
// salt is deleted once its last user is gone (quotas look up yesterday's hashes too): after that,
// trying every IPv4 address gives nothing back.
import type { ServerConfig } from './config.ts';
import type { Db } from './db.ts';
import { DAY_MS } from './domain/constants.ts';
import { clientAddress } from './http.ts';

/**
 * Visitors whose yesterday's hash is remembered for the quota check that follows visitorOf in the
 * same request (default 10,000): far more than requests in flight at once, a few MB at most.
 */
const PREVIOUS_HASHES_KEPT = 10_000;

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

/** The UTC day of a moment, as the database's date: 2026-11-27. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Salts this process has read, per database and day; a day's salt never changes once made. */
const salts = new WeakMap<Db, Map<string, Promise<string | null>>>();

function randomSalt(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Today's salt, made by whichever host asks first if no one made it ahead. Tomorrow's is made now,
 * and salts older than yesterday are deleted, as far as the database lets us: that way the first
 * request of a day only reads, which still works while the disk is too full for writes.
 */
async function todaysSalt(db: Db, today: string, yesterday: string, tomorrow: string): Promise<string> {
  const makeSalt = (day: string) =>
    db.query('insert into public.visitor_salts (day, salt) values ($1::date, $2) on conflict (day) do nothing', [
      day,
      randomSalt(),
    ]);
  if (!(await storedSalt(db, today))) await makeSalt(today);
  await Promise.all([
    makeSalt(tomorrow),
    db.query('delete from public.visitor_salts where day < $1::date', [yesterday]),
  ]).catch(() => {}); // tried again tomorrow; today's salt is what this request needs
  const salt = await storedSalt(db, today);
  if (!salt) throw new Error(`The visitor salt of ${today} could not be stored.`);
  return salt;
}

async function storedSalt(db: Db, day: string): Promise<string | null> {
  const [row] = await db.query<{ salt: string }>('select salt from public.visitor_salts where day = $1::date', [day]);
  return row?.salt ?? null;
}

/** Today's and yesterday's salts (yesterday's is null on a database younger than a day). */
async function saltsOf(db: Db, now: Date): Promise<{ today: string; yesterday: string | null }> {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
  const tomorrow = utcDay(new Date(now.getTime() + DAY_MS));
  let cache = salts.get(db);
  if (!cache) salts.set(db, (cache = new Map()));
  // Only the two days in use stay in memory.
  for (const day of cache.keys()) if (day !== today && day !== yesterday) cache.delete(day);
  const remember = (day: string, load: () => Promise<string | null>) => {
    let salt = cache.get(day);
    if (!salt) {
      salt = load();
      cache.set(day, salt);
      salt.catch(() => cache.delete(day)); // a failed read is tried again by the next request
    }
    return salt;
  };
  const [todays, yesterdays] = await Promise.all([
    remember(today, () => todaysSalt(db, today, yesterday, tomorrow)),
    remember(yesterday, () => storedSalt(db, yesterday)),
  ]);
  return { today: todays!, yesterday: yesterdays };
}

/** Today's hash of a visitor -> their yesterday's hash, for quotaKeys. */
const previousHashes = new Map<string, string>();

/**
 * The keys a quota must count for this visitor: today's hash and, when known, yesterday's, so a
 * count made before midnight still holds after it (every quota window is at most a day).
 */
export function quotaKeys(visitor: string): string[] {
  const previous = previousHashes.get(visitor);
  return previous ? [visitor, previous] : [visitor];
}

export interface VisitorSource {
  config: Pick<ServerConfig, 'ipHashSalt' | 'trustedProxies'>;
  db: Db;
  now: () => Date;
}

/** The salted hash of the visitor behind a request (today's), for logs, quotas and rate limits. */
export async function visitorOf(req: Request, { config, db, now }: VisitorSource): Promise<string> {
  const key = visitorKey(clientAddress(req, config.trustedProxies));
  const daily = await saltsOf(db, now());
  const hash = await visitorHash(`${config.ipHashSalt}:${daily.today}`, key);
  if (daily.yesterday) {
    previousHashes.delete(hash);
    previousHashes.set(hash, await visitorHash(`${config.ipHashSalt}:${daily.yesterday}`, key));
    // A Map iterates in insertion order: the first key is the one looked up longest ago.
    if (previousHashes.size > PREVIOUS_HASHES_KEPT) previousHashes.delete(previousHashes.keys().next().value!);
  }
  return hash;
}
