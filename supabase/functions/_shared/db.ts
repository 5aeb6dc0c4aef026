/**
 * The one database interface the API handlers see. The Node host backs it with embedded PGlite or
 * postgres.js (DATABASE_URL); the Deno entry backs it with postgres.js (SUPABASE_DB_URL).
 * Parameters are positional ($1, $2, ...), rows come back as plain objects.
 */
export interface Db {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs fn inside one transaction; the Db given to fn must be used for every query in it. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}

/**
 * PostgreSQL's SQLSTATE for a full disk (disk_full). The embedded database's host also gives it to
 * writes it refuses below its free-space reserve; either way nothing was written and a later try
 * may succeed.
 */
export const DISK_FULL = '53100';

export function isDiskFull(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DISK_FULL;
}
