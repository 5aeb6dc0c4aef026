// The admin's uploads table at 100,000 rows: seeds them into a migrated database and prints the
// server time of one page (search + type filter + sort), measured at the API handler, the same
// code every host runs. On the embedded PGlite of `npm start`, and on PostgreSQL 15 when present.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { issueSession } from '../supabase/functions/_shared/admin-auth.ts';
import { createApiHandler } from '../supabase/functions/_shared/api.ts';
import { readIceConfig, readLimits, type ServerConfig } from '../supabase/functions/_shared/config.ts';
import type { ApiContext } from '../supabase/functions/_shared/context.ts';
import type { ScriptDb } from '../supabase/functions/_shared/postgres-db.ts';
import { openDatabase } from '../supabase/host/database.ts';
import { PG15_BIN, startPg15 } from '../supabase/tests/pg15.ts';

const ROWS = 100_000;
const RUNS = 7;
const ANON_KEY = 'sb_publishable_bench_000000000000000000000';
/**
 * The page the issue asks about (a word of the name, documents only, largest first), then the
 * page the table opens on (everything, newest first) and a sort without a search.
 */
const PAGES = [
  '/admin/uploads?q=invoice&type=documents&sort=size&dir=desc&page=2&pageSize=25',
  '/admin/uploads',
  '/admin/uploads?type=images&sort=downloads&dir=desc&page=3',
];

/** 100,000 complete files with names of a few words, six types, sizes and dates spread out. */
async function seed(db: ScriptDb): Promise<void> {
  await db.exec(`
    insert into public.files (name, size, type, storage_path, share_id, owner_token_hash, upload_state,
                              created_at, completed_at, expires_at, download_count, view_count)
    select w.word || ' ' || pg_catalog.substr(pg_catalog.md5(i::text), 1, 10) || e.ext,
           (i::bigint * 7919) % 2000000000, e.type,
           'uploads/' || s.id || '/f' || e.ext, s.id, pg_catalog.repeat('a', 64), 'complete',
           pg_catalog.now() - (i % 4320) * interval '1 minute', pg_catalog.now() - (i % 4320) * interval '1 minute',
           pg_catalog.now() + interval '3 days' - (i % 4320) * interval '1 minute', i % 50, i % 200
    from pg_catalog.generate_series(1, ${ROWS}) as i,
         lateral (select pg_catalog.lpad(pg_catalog.to_hex(i), 8, '0') as id) s,
         lateral (select (array['report', 'holiday', 'invoice', 'photo', 'video', 'backup', 'notes', 'draft', 'scan',
                                'music', 'Fatura', 'Özgeçmiş'])[1 + (i / 7) % 12] as word) w,
         lateral (select (array['.pdf', '.jpg', '.mp4', '.zip', '.txt', '.docx'])[1 + i % 6] as ext,
                         (array['application/pdf', 'image/jpeg', 'video/mp4', 'application/zip', 'text/plain',
                                'application/vnd.openxmlformats-officedocument.wordprocessingml.document'])[1 + i % 6]
                           as type) e;
    analyze public.files;
  `);
}

async function measure(label: string, db: ScriptDb): Promise<void> {
  const started = performance.now();
  await seed(db);
  const seeded = performance.now() - started;
  const config = {
    productName: 'Ulak',
    publicOrigin: 'http://bench.test',
    anonKey: ANON_KEY,
    sessionSecret: 'bench-session-secret-0123456789',
    sweepSecret: 'bench-sweep-secret',
    ipHashSalt: 'bench-salt',
    admin: { username: 'admin', passwordHash: 'unused' },
    storage: null,
    storageMissing: [],
    trustedProxies: 0,
    limits: readLimits({}),
    ice: readIceConfig({}),
    version: 'bench',
  } satisfies ServerConfig;
  const ctx: ApiContext = { config, db, storage: null, log: console, now: () => new Date() };
  const api = createApiHandler(ctx);
  const { token } = await issueSession(db, config, new Date());
  console.log(
    `Admin uploads table on ${label}: ${ROWS.toLocaleString('en')} rows, seeded in ${(seeded / 1000).toFixed(1)} s`,
  );
  for (const page of PAGES) {
    const times: number[] = [];
    let total = 0;
    // Run 0 warms the caches and is not counted: an operator's page is never the first query after a bulk load.
    for (let run = -1; run < RUNS; run++) {
      const t0 = performance.now();
      const res = await api(
        new Request(`http://bench.test/functions/v1/api${page}`, {
          headers: { apikey: ANON_KEY, 'x-admin-token': token },
        }),
      );
      const body = (await res.json()) as { total: number; items: unknown[] };
      if (run >= 0) times.push(performance.now() - t0);
      if (res.status !== 200 || body.items.length !== 25)
        throw new Error(`unexpected answer ${res.status} for ${page}`);
      total = body.total;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(
      `  GET ${page} (${total.toLocaleString('en')} match): median ${median.toFixed(0)} ms, ` +
        `fastest ${(times[0] ?? 0).toFixed(0)} ms, slowest ${(times.at(-1) ?? 0).toFixed(0)} ms over ${RUNS} runs (target < 300 ms)`,
    );
  }
}

export async function runAdminUploadsBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-admin-'));
  try {
    const pglite = await openDatabase({ dataDir });
    try {
      await measure('embedded PGlite', pglite.db);
    } finally {
      await pglite.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (!existsSync(path.join(PG15_BIN, 'initdb'))) {
    console.log('Admin uploads page on PostgreSQL 15: skipped (not installed).');
    return;
  }
  const cluster = await startPg15();
  try {
    const pg = await openDatabase({
      dataDir: '/nonexistent-unused',
      databaseUrl: await cluster.createDatabase('bench_admin'),
    });
    try {
      await measure('PostgreSQL 15', pg.db);
    } finally {
      await pg.close();
    }
  } finally {
    await cluster.stop();
  }
}

// `npx tsx bench/admin-uploads.ts` runs this benchmark alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runAdminUploadsBench();
  process.exit(0);
}
