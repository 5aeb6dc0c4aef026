// The README's deployment "Supabase Edge, Cloudflare R2 and a static host", on this machine as the
// tests prove it (supabase/tests/edge): a PostgreSQL 15 migrated by the Supabase CLI, Ceph's
// radosgw as the bucket (set up by scripts/storage-setup.ts), the Edge entry under Deno, and the
// web app built as `npm run build` builds it for that API, served by a plain static host.
import path from 'node:path';
import { ensureBuilt } from '../supabase/host/web-app.ts';
import { startDenoApi, type DenoApi } from '../supabase/tests/edge/deno-api.ts';
import { bucketOn, migrateTheSupabaseWay, sharedSecrets } from '../supabase/tests/edge/deployment.ts';
import { startPg15, type Pg15Cluster } from '../supabase/tests/pg15.ts';
import { startRadosgw, type Radosgw } from '../supabase/tests/second-s3/radosgw.ts';
import { STATIC_BUILD_FLAG } from '../vite/prerender-pages.ts';
import { BENCH_ANON_KEY } from './platform.ts';
import { startStaticHost, type StaticHost } from './static-server.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface StaticPlatform {
  /** The static host's origin: the site. */
  origin: string;
  /** The Edge API's origin (VITE_SUPABASE_URL of the build). */
  apiOrigin: string;
  anonKey: string;
  /** The build the static host serves. */
  distDir: string;
  stop(): Promise<void>;
}

/**
 * The build of `npm run build` for the API at `apiUrl`, into `outDir`; kept between runs and made
 * again only when a source or the API's URL changed (the Node host's own rule, web-app.ts).
 */
async function buildForStaticHost(outDir: string, apiUrl: string): Promise<void> {
  const publicEnv = { [STATIC_BUILD_FLAG]: 'true', VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_ANON_KEY: BENCH_ANON_KEY };
  // ensureBuilt leaves its settings in process.env; the benchmarks after this one start hosts that
  // must not inherit them.
  const before = Object.fromEntries(Object.keys(publicEnv).map((name) => [name, process.env[name]]));
  try {
    await ensureBuilt(root, outDir, publicEnv, (message) => console.log(`  ${message}`));
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** The site on 127.0.0.1:`port`, its Edge API on `apiPort` (a free one when not given). */
export async function startStaticPlatform(port: number, apiPort?: number): Promise<StaticPlatform> {
  const origin = `http://127.0.0.1:${port}`;
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
  };
  try {
    const rgw: Radosgw = await startRadosgw();
    stops.push(() => rgw.stop());
    const pg: Pg15Cluster = await startPg15();
    stops.push(() => pg.stop());
    const databaseUrl = await pg.createDatabase('ulak_static');
    await migrateTheSupabaseWay(databaseUrl);
    const bucket = await bucketOn(rgw, 'ulak-static', origin);
    const { env } = await sharedSecrets(BENCH_ANON_KEY);
    const deno: DenoApi = await startDenoApi(
      { ...env, ...bucket, DATABASE_URL: databaseUrl, PUBLIC_ORIGIN: origin },
      apiPort === undefined ? {} : { port: apiPort },
    );
    stops.push(() => deno.stop());
    const distDir = path.join(root, '.tmp', `static-dist-${port}`);
    await buildForStaticHost(distDir, deno.origin);
    const host: StaticHost = await startStaticHost(distDir, port);
    stops.push(() => host.close());
    return { origin, apiOrigin: deno.origin, anonKey: BENCH_ANON_KEY, distDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
