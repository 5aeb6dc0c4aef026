// @vitest-environment node
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScriptDb } from '../functions/_shared/postgres-db.ts';
import { applyMigrations, MIGRATIONS_DIR, openDatabase } from '../host/database.ts';
import { freshDatabase, TARGETS } from './targets.ts';

const PUBLIC_TABLES = [
  'admin_sessions',
  'daily_analytics',
  'download_logs',
  'files',
  'pages',
  'rate_limits',
  'removed_shares',
  'reports',
  'service_status',
  'settings',
  'system_logs',
  'transfers',
  'visitor_salts',
];
const FUNCTIONS = [
  'get_daily_analytics',
  'get_recent_downloads',
  'get_top_countries',
  'guard_share_id_namespace',
  'increment_download_count',
  'increment_view_count',
  'log_download',
  'update_daily_analytics',
];

describe.each(TARGETS)('migrations on %s', (target) => {
  // One migrated database for the tests that only look at the schema; opening PGlite is slow.
  let db: ScriptDb;
  beforeAll(async () => {
    db = (await freshDatabase(target)).db;
  });

  it('applies every migration once, records it for the Supabase CLI, and a second start changes nothing', async () => {
    const first = await freshDatabase(target);
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const recorded = await first.db.query<{ version: string; name: string; statements: string[] }>(
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.map((r) => `${r.version}_${r.name}.sql`)).toEqual(files);
    expect(recorded[0]?.statements[0]).toContain('create table public.files');

    await first.db.query(
      `insert into public.files (name, size, storage_path, share_id, owner_token_hash)
       values ('a.txt', 1, 'uploads/Abcd1234/a.txt', 'Abcd1234', repeat('a', 64))`,
    );
    await first.close();

    const second = await first.reopen();
    try {
      expect(await applyMigrations(second.db, MIGRATIONS_DIR)).toEqual([]);
      const count = await second.db.query<{ n: number }>(
        'select count(*) as n from supabase_migrations.schema_migrations',
      );
      expect(count[0]?.n).toBe(files.length);
      const kept = await second.db.query<{ share_id: string }>('select share_id from public.files');
      expect(kept).toEqual([{ share_id: 'Abcd1234' }]);
    } finally {
      await second.close();
    }
  });

  it('has row level security on every public table and no policy that would open one', async () => {
    const tables = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    expect(tables.map((t) => t.relname)).toEqual(PUBLIC_TABLES);
    expect(tables.every((t) => t.relrowsecurity)).toBe(true);
    const policies = await db.query(`select * from pg_catalog.pg_policies where schemaname = 'public'`);
    expect(policies).toEqual([]);
    const comments = await db.query<{ relname: string }>(
      `select c.relname from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and pg_catalog.obj_description(c.oid, 'pg_class') is null`,
    );
    expect(comments).toEqual([]);
  });

  it('gives the anon and authenticated roles no table access and no function, but lets service_role call them', async () => {
    for (const role of ['anon', 'authenticated']) {
      const tableRights = await db.query<{ t: string; ok: boolean }>(
        `select t, pg_catalog.has_table_privilege($1, 'public.' || t, 'select,insert,update,delete') as ok
         from unnest($2::text[]) as t`,
        [role, PUBLIC_TABLES],
      );
      expect(tableRights.filter((r) => r.ok)).toEqual([]);
    }
    const functions = await db.query<{
      proname: string;
      config: string[] | null;
      secdef: boolean;
      anon: boolean;
      authenticated: boolean;
      public_role: boolean;
      service_role: boolean;
    }>(
      `select p.proname, p.proconfig as config, p.prosecdef as secdef,
              pg_catalog.has_function_privilege('anon', p.oid, 'execute') as anon,
              pg_catalog.has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              exists (select 1 from pg_catalog.aclexplode(p.proacl) a where a.grantee = 0) as public_role,
              pg_catalog.has_function_privilege('service_role', p.oid, 'execute') as service_role
       from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' order by p.proname`,
    );
    expect(functions.map((f) => f.proname)).toEqual(FUNCTIONS);
    for (const f of functions) {
      expect({ name: f.proname, config: f.config }).toEqual({ name: f.proname, config: ['search_path=""'] });
      expect({
        name: f.proname,
        secdef: f.secdef,
        anon: f.anon,
        authenticated: f.authenticated,
        public: f.public_role,
      }).toEqual({
        name: f.proname,
        secdef: false,
        anon: false,
        authenticated: false,
        public: false,
      });
      expect(f.service_role).toBe(true);
    }
  });

  it('enforces the file rules: size at most 10 GiB (the largest the settings allow), 8-letter share id, a complete file has an expiry', async () => {
    const insert = (size: number, shareId: string, state = 'uploading', expires: string | null = null) =>
      db.query(
        `insert into public.files (name, size, storage_path, share_id, owner_token_hash, upload_state, expires_at)
         values ('f', $1, 'uploads/' || $2, $2, repeat('0', 64), $3, $4)`,
        [size, shareId, state, expires],
      );
    await expect(insert(10 * 1024 ** 3, 'AAAAaaa1')).resolves.toEqual([]);
    await expect(insert(10 * 1024 ** 3 + 1, 'AAAAaaa2')).rejects.toThrow(/check/);
    await expect(insert(1, 'short')).rejects.toThrow(/check/);
    await expect(insert(1, 'AAAA-aa3')).rejects.toThrow(/check/);
    await expect(insert(1, 'AAAAaaa4', 'complete')).rejects.toThrow(/files_complete_has_expiry/);
    await expect(insert(1, 'AAAAaaa5', 'complete', new Date().toISOString())).resolves.toEqual([]);
  });

  it('keeps file and transfer share ids in one namespace: an id taken by one is never stored for the other', async () => {
    const hash = 'b'.repeat(64);
    const file = (shareId: string) =>
      db.query(
        `insert into public.files (name, size, storage_path, share_id, owner_token_hash)
         values ('f', 1, 'uploads/' || $1, $1, $2) returning share_id`,
        [shareId, hash],
      );
    const transfer = (shareId: string) =>
      db.query('insert into public.transfers (share_id, owner_token_hash) values ($1, $2) returning share_id', [
        shareId,
        hash,
      ]);
    expect(await file('Space001')).toEqual([{ share_id: 'Space001' }]);
    expect(await transfer('Space001')).toEqual([]);
    expect(await transfer('Space002')).toEqual([{ share_id: 'Space002' }]);
    expect(await file('Space002')).toEqual([]);
    await db.query(`insert into public.removed_shares (share_id, reason) values ('Space003', 'gone')`);
    expect(await transfer('Space003')).toEqual([]);
    await expect(transfer('bad/id00')).rejects.toThrow(/check/);
    await expect(
      db.query(`insert into public.transfers (share_id, owner_token_hash, sender_name) values ('Space004', $1, $2)`, [
        hash,
        'n'.repeat(81),
      ]),
    ).rejects.toThrow(/check/);
    // A transfer goes only after its files: no file is left pointing nowhere.
    const [t] = await db.query<{ id: string }>(`select id from public.transfers where share_id = 'Space002'`);
    await db.query(
      `insert into public.files (name, size, storage_path, share_id, owner_token_hash, transfer_id, path)
       values ('g', 1, 'uploads/Space005/g', 'Space005', $1, $2::uuid, 'a/b')`,
      [hash, t?.id],
    );
    await expect(db.query(`delete from public.transfers where share_id = 'Space002'`)).rejects.toThrow(/foreign key/);
  });

  it('does not schedule the sweep in the database where pg_cron is absent', async () => {
    const schemas = await db.query(`select nspname from pg_catalog.pg_namespace where nspname in ('cron', 'net')`);
    expect(schemas).toEqual([]);
  });
});

describe('opening the embedded database', () => {
  it('refuses a data folder it cannot create, with a message an operator can act on', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ulak-baddir-'));
    try {
      const notAFolder = path.join(root, 'file');
      await writeFile(notAFolder, 'x');
      await expect(openDatabase({ dataDir: path.join(notAFolder, 'data') })).rejects.toThrow(
        /The data folder .* cannot be used .*Choose a folder this user can read and write/,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses a second open of the same data folder while the first is open', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-lock-'));
    try {
      const first = await openDatabase({ dataDir });
      try {
        await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another process/);
      } finally {
        await first.close();
      }
      const again = await openDatabase({ dataDir });
      await again.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('reports a failing migration by file name and leaves nothing of it behind', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-badmig-'));
    const migrations = await mkdtemp(path.join(tmpdir(), 'ulak-migs-'));
    try {
      await writeFile(path.join(migrations, '1_good.sql'), 'create table public.t1 (id int);');
      await writeFile(
        path.join(migrations, '2_bad.sql'),
        'create table public.t2 (id int); select no_such_function();',
      );
      await expect(openDatabase({ dataDir, migrationsDir: migrations })).rejects.toThrow(/Migration 2_bad.sql failed/);
      await rm(path.join(migrations, '2_bad.sql'));
      const opened = await openDatabase({ dataDir, migrationsDir: migrations });
      try {
        const tables = await opened.db.query<{ t1: string | null; t2: string | null }>(
          `select pg_catalog.to_regclass('public.t1')::text as t1, pg_catalog.to_regclass('public.t2')::text as t2`,
        );
        expect(tables).toEqual([{ t1: 't1', t2: null }]);
      } finally {
        await opened.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(migrations, { recursive: true, force: true });
    }
  });
});
