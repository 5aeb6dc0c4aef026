import postgres from 'postgres';
import type { Db } from './db.ts';

/**
 * A Db that can also run a script of several statements (migrations, DO blocks). Only the host's
 * migration runner needs exec; API handlers see the plain Db.
 */
export interface ScriptDb extends Db {
  /** Runs a script of one or more statements without parameters (simple query protocol). */
  exec(script: string): Promise<void>;
  transaction<T>(fn: (tx: ScriptDb) => Promise<T>): Promise<T>;
}

/**
 * Value conventions, the same in both adapters (this one and PGlite's in supabase/host):
 * - int8 (bigint columns, count(*)) comes back as a JS number. File sizes are at most 2 GiB and
 *   counters are small, far below 2^53, and a number is what every caller wants to compute with.
 * - numeric (e.g. sum() over bigint) stays a string, as both libraries give it: cast sums to
 *   bigint in SQL when a number is wanted.
 * - timestamptz and date come back as Date; json/jsonb as parsed values.
 */
const INT8_OID = 20;

type Sql = postgres.Sql;
type Params = Parameters<Sql['unsafe']>[1];

/**
 * Db over postgres.js, for the Deno entry (SUPABASE_DB_URL) and the Node host (DATABASE_URL).
 * Prepared statements are off so the same code works through Supabase's transaction pooler.
 */
export function createPostgresDb(url: string, options?: { max?: number }): ScriptDb & { close(): Promise<void> } {
  const sql = postgres(url, {
    max: options?.max ?? 10,
    prepare: false,
    // Idle connections are closed so a short-lived Edge worker does not hold connections open.
    idle_timeout: 20,
    // Notices (e.g. "already exists, skipping") are not errors; postgres.js would print each one.
    onnotice: () => {},
    types: {
      int8: {
        to: INT8_OID,
        from: [INT8_OID],
        serialize: (value: number) => String(value),
        parse: (raw: string) => Number(raw),
      },
    },
  });

  const db = wrap(sql, (fn) => sql.begin((tx) => fn(tx)) as Promise<never>);
  return {
    ...db,
    close: () => sql.end({ timeout: 5 }),
  };
}

type Runner = Pick<Sql, 'unsafe'>;

function wrap(runner: Runner, begin: <T>(fn: (tx: postgres.TransactionSql) => Promise<T>) => Promise<T>): ScriptDb {
  return {
    async query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]) {
      const rows = await runner.unsafe(text, (params ?? []) as Params);
      return Array.from(rows) as T[];
    },
    async exec(script: string) {
      await runner.unsafe(script).simple();
    },
    transaction<T>(fn: (tx: ScriptDb) => Promise<T>): Promise<T> {
      return begin((tx) => fn(wrapTransaction(tx)));
    },
  };
}

/** Inside a transaction, a nested transaction becomes a savepoint (as postgres.js does). */
function wrapTransaction(tx: postgres.TransactionSql): ScriptDb {
  return wrap(tx, (fn) => tx.savepoint((inner) => fn(inner)) as Promise<never>);
}

/**
 * Errors of postgres.js (and the network under it) that mean "the database cannot be reached
 * right now", as opposed to a bug: connection refused, reset or timed out, the server shutting
 * down or refusing connections, SQLSTATE class 08 (connection exception). The API answers these
 * with 503 and the host waits for them at boot; one list, so both agree on what "down" means.
 */
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

export function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (DATABASE_DOWN.has(code) || /^08[0-9A-Z]{3}$/.test(code));
}
