import { access, constants, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DISK_FULL } from '../functions/_shared/db.ts';
import { createPostgresDb, isDatabaseDown, type ScriptDb } from '../functions/_shared/postgres-db.ts';
import { createDiskReserve, describeShortage, type DiskReserve } from './disk-reserve.ts';

/** The migrations shipped with the app; the Supabase CLI applies the same files on Supabase. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface OpenDatabaseOptions {
  /** The host's data folder; PGlite keeps its files in <dataDir>/pglite. */
  dataDir: string;
  /** When given, use this PostgreSQL instead of the embedded one. */
  databaseUrl?: string;
  log?: (msg: string) => void;
  /** For tests; defaults to supabase/migrations. */
  migrationsDir?: string;
  /** The host's free-space reserve; the embedded database writes only while it holds. Default: none. */
  reserve?: DiskReserve;
}

export interface OpenedDatabase {
  db: ScriptDb;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Opens the database the host runs on (embedded PGlite, or DATABASE_URL), creates the Supabase
 * roles where they are missing and applies pending migrations. Safe to call on every start.
 * Errors an operator can act on (unusable data folder, folder in use, unreachable database,
 * failed migration) are thrown as Errors with a message meant to be printed as is.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const log = opts.log ?? (() => {});
  const opened = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl)
    : await openPglite(opts.dataDir, opts.reserve ?? createDiskReserve(0), log);
  try {
    await bootstrapRoles(opened.db);
    const applied = await applyMigrations(opened.db, opts.migrationsDir ?? MIGRATIONS_DIR);
    for (const name of applied) log(`database: applied migration ${name}`);
    return opened;
  } catch (error) {
    await opened.close().catch(() => {});
    throw error;
  }
}

/**
 * The database could not be reached (refused, timed out, starting up): worth waiting for, unlike
 * a wrong password or a failed migration.
 */
export class DatabaseUnreachable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnreachable';
  }
}

async function openPostgres(url: string): Promise<OpenedDatabase> {
  const db = createPostgresDb(url);
  try {
    await db.query('select 1');
  } catch (error) {
    await db.close().catch(() => {});
    const message = `Cannot connect to the database at DATABASE_URL (${redactUrl(url)}): ${messageOf(error)}`;
    if (isDatabaseDown(error)) throw new DatabaseUnreachable(message, { cause: error });
    throw new Error(message);
  }
  return { db, kind: 'postgres', close: () => db.close() };
}

/**
 * PGlite does not lock its folder, and two processes writing to one folder corrupt it (docs/testing.md).
 * A lock file with our pid refuses a second live process; a lock left by a dead one is taken over.
 */
async function openPglite(dataDir: string, reserve: DiskReserve, log: (msg: string) => void): Promise<OpenedDatabase> {
  const dir = path.resolve(dataDir, 'pglite');
  await ensureWritableFolder(dir);
  await reserve.holdDatabase(dir);
  // Opening writes too (recovery, a checkpoint, the migrations): not on a disk without room.
  const room = await reserve.room(dir, 0, 'database');
  if (!room.ok) {
    throw new Error(describeShortage(dir, room, reserve));
  }
  const lockFile = path.join(path.resolve(dataDir), 'pglite.lock');
  await takeLock(lockFile, dir);

  let pg: PGlite;
  try {
    pg = await PGlite.create(dir, {
      // The trigram index of the admin's name search (migration 20261123000100).
      extensions: { pg_trgm },
      // int8 as number, as in the postgres.js adapter (see postgres-db.ts for the conventions).
      parsers: { 20: (value: string) => Number(value) },
    });
  } catch (error) {
    await rm(lockFile, { force: true });
    throw new Error(`Cannot open the embedded database in ${dir}: ${messageOf(error)}`);
  }
  log(`database: embedded PGlite in ${dir}`);

  let closed = false;
  return {
    db: pgliteDb(pg, async () => (await reserve.room(dir, 0, 'database')).ok),
    kind: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        await rm(lockFile, { force: true });
      }
    },
  };
}

async function ensureWritableFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    // access() says yes to root everywhere, including read-only mounts: really write a file.
    const probe = path.join(dir, '.write-test');
    await writeFile(probe, 'ok');
    await rm(probe, { force: true });
  } catch (error) {
    throw new Error(
      `The data folder ${dir} cannot be used (${messageOf(error)}). Choose a folder this user can read and write.`,
    );
  }
}

async function takeLock(lockFile: string, dir: string): Promise<void> {
  try {
    const holder = Number((await readFile(lockFile, 'utf8')).trim());
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${dir} is in use by another process (pid ${holder}${holder === process.pid ? ', this one' : ''}). Only one process may use a data folder; stop it or choose another folder.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await writeFile(lockFile, String(process.pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What a statement meets when the disk is below the reserve: the SQLSTATE PostgreSQL gives a full
 * disk, which the API answers with 507.
 */
class DiskFull extends Error {
  readonly code = DISK_FULL;
  constructor() {
    super('The disk is below its free-space reserve: the database takes no writes until there is room again.');
    this.name = 'DiskFull';
  }
}

/**
 * PGlite as a ScriptDb. Transactions use PGlite's own (it serialises everything on one session).
 * While `writable()` says no, each call runs in a read-only transaction: PostgreSQL itself then
 * refuses whatever would write (a view counted by a function included) and reads go on.
 */
function pgliteDb(pg: PGlite, writable: () => Promise<boolean>): ScriptDb {
  async function readOnly<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await pg.transaction(async (tx) => {
        await tx.exec('set transaction read only');
        return fn(tx);
      });
    } catch (error) {
      // 25006: read_only_sql_transaction, the refusal of a write.
      if ((error as { code?: unknown }).code === '25006') throw new DiskFull();
      throw error;
    }
  }
  return {
    async query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]) {
      const run = (on: PGlite | Transaction) => on.query<T>(text, params ? [...params] : undefined);
      return (await ((await writable()) ? run(pg) : readOnly(run))).rows;
    },
    async exec(script: string) {
      if (await writable()) await pg.exec(script);
      else await readOnly((tx) => tx.exec(script));
    },
    async transaction<T>(fn: (tx: ScriptDb) => Promise<T>): Promise<T> {
      const body = (tx: Transaction) => fn(pgliteTransaction(tx, { next: 0 }));
      return (await writable()) ? pg.transaction(body) : readOnly(body);
    },
  };
}

/** PGlite has no nested transactions; like postgres.js, a nested one becomes a savepoint. */
function pgliteTransaction(tx: Transaction, savepoints: { next: number }): ScriptDb {
  const self: ScriptDb = {
    async query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]) {
      const result = await tx.query<T>(text, params ? [...params] : undefined);
      return result.rows;
    },
    async exec(script: string) {
      await tx.exec(script);
    },
    async transaction<T>(fn: (inner: ScriptDb) => Promise<T>): Promise<T> {
      const name = `ulak_sp_${savepoints.next++}`;
      await tx.exec(`savepoint ${name}`);
      try {
        const value = await fn(self);
        await tx.exec(`release savepoint ${name}`);
        return value;
      } catch (error) {
        await tx.exec(`rollback to savepoint ${name}`);
        throw error;
      }
    },
  };
  return self;
}

/**
 * Supabase has the roles anon, authenticated and service_role; PGlite and plain PostgreSQL do
 * not. Migrations grant and revoke on them, so create them (no login, no rights) where missing.
 * Never done in a migration: on Supabase the roles belong to the platform.
 */
export async function bootstrapRoles(db: ScriptDb): Promise<void> {
  try {
    await db.exec(`
      do $$
      declare
        r text;
      begin
        foreach r in array array['anon', 'authenticated', 'service_role'] loop
          if not exists (select 1 from pg_catalog.pg_roles where rolname = r) then
            execute pg_catalog.format('create role %I nologin noinherit', r);
          end if;
        end loop;
      end
      $$;
    `);
  } catch (error) {
    throw new Error(
      `Cannot create the roles anon, authenticated and service_role the migrations need: ${messageOf(error)}. Create them once as a superuser, or connect as a user with CREATEROLE.`,
    );
  }
}

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/**
 * Applies every migration in dir not yet recorded, in file-name order, each in its own
 * transaction together with its record. The record goes into the table the Supabase CLI uses,
 * so `supabase migration up` later sees these as applied. Returns the files applied now.
 */
export async function applyMigrations(db: ScriptDb, dir: string): Promise<string[]> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text not null primary key,
      statements text[],
      name text
    );
  `);

  const files = (await readdir(dir)).filter((file) => MIGRATION_FILE.test(file)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const [, version = '', name = ''] = MIGRATION_FILE.exec(file) ?? [];
    const script = await readFile(path.join(dir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      // Two hosts starting against one DATABASE_URL must not both run a migration.
      await tx.query(`select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('ulak:migrations'))`);
      const done = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [version]);
      if (done.length > 0) return false;
      try {
        await tx.exec(script);
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${messageOf(error)}`);
      }
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2::text[], $3)',
        [version, [script], name],
      );
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/** PGlite also throws plain objects (its exit status): their message, never "[object Object]". */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return message;
  return typeof error === 'object' ? JSON.stringify(error) : String(error);
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'unparsable URL';
  }
}
