// @vitest-environment node
// Several stateless hosts on one PostgreSQL 15 and one bucket (radosgw), behind a proxy that sends
// each request to the next host in turn: what a visitor, an admin and the expiry sweep see must be
// what one host would give. The hosts share nothing but the database, the bucket and the secrets
// of ../edge/deployment.ts; the README's deployment section lists the same steps.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession } from '../../functions/_shared/domain/admin-api-types.ts';
import type { CreatedUpload } from '../../functions/_shared/domain/api-types.ts';
import { SWEEP_INTERVAL_MS } from '../../functions/_shared/domain/constants.ts';
import { openDatabase } from '../../host/database.ts';
import { body, bytesOf, complete, create, putParts, upload } from '../api/upload-helpers.ts';
import { bucketOn, sharedSecrets, type SharedSecrets } from '../edge/deployment.ts';
import { httpApi, type HttpApi } from '../edge/http-api.ts';
import { freePort } from '../free-port.ts';
import { HOST_ANON_KEY, startHost, type HostProcess } from '../host/host-process.ts';
import { startRadosgw, type Radosgw } from '../second-s3/radosgw.ts';
import { createPg15Database } from '../targets.ts';
import { waitFor } from '../wait-for.ts';
import { startAlternatingProxy, type AlternatingProxy } from './alternating-proxy.ts';

/** Uploads one visitor may start an hour here: small, so the test reaches the limit quickly. */
const CREATES_PER_HOUR = 6;
/** How long a wait for a condition may take on a loaded 2-core machine before it fails. */
const WAIT_MS = 240_000;

let rgw: Radosgw | undefined;
let proxy: AlternatingProxy | undefined;
const hosts: HostProcess[] = [];
let sql: postgres.Sql;
let secrets: SharedSecrets;
let viaProxy: HttpApi;
let hostA: HttpApi;
let hostB: HttpApi;

beforeAll(async () => {
  rgw = await startRadosgw();
  const databaseUrl = await createPg15Database();
  // Migrated before the hosts start (they would do it too, one after the other under a lock), so
  // that a trigger can record every run of the sweep from the hosts' very first one.
  await (await openDatabase({ dataDir: '/nonexistent-unused', databaseUrl })).close();
  sql = postgres(databaseUrl, { max: 3, onnotice: () => {} });
  await sql.unsafe(`
    create table public.test_sweep_runs (at timestamptz not null);
    create function public.test_record_sweep_run() returns trigger language plpgsql as $$
    begin
      insert into public.test_sweep_runs (at) values (new.updated_at);
      return new;
    end $$;
    create trigger test_record_sweep_run after insert or update on public.service_status
      for each row when (new.key = 'sweep') execute function public.test_record_sweep_run();
  `);

  const ports = [await freePort(), await freePort()] as const;
  proxy = await startAlternatingProxy([
    { name: 'a', port: ports[0] },
    { name: 'b', port: ports[1] },
  ]);
  const bucket = await bucketOn(rgw, 'ulak-hosts', proxy.origin);
  secrets = await sharedSecrets(HOST_ANON_KEY);
  const env = {
    ...secrets.env,
    ...bucket,
    DATABASE_URL: databaseUrl,
    PUBLIC_ORIGIN: proxy.origin,
    TRUST_PROXY: 'true',
    UPLOAD_CREATES_PER_HOUR: String(CREATES_PER_HOUR),
  };
  // One after the other, as a rolling start does: their minute timers start apart.
  for (const port of ports) hosts.push(await startHost({ env: { ...env, PORT: String(port) } }));
  const common = {
    anonKey: HOST_ANON_KEY,
    sweepSecret: secrets.env.SWEEP_SECRET ?? '',
    bucketUrl: `${rgw.endpoint}/ulak-hosts/`,
  };
  viaProxy = httpApi({ ...common, api: `${proxy.origin}/functions/v1/api` });
  hostA = httpApi({ ...common, api: `http://127.0.0.1:${ports[0]}/functions/v1/api` });
  hostB = httpApi({ ...common, api: `http://127.0.0.1:${ports[1]}/functions/v1/api` });
}, 600_000);

afterAll(async () => {
  for (const host of hosts) await host.stop();
  await proxy?.close();
  await sql?.end();
  await rgw?.stop();
});

const signIn = async (api: HttpApi) => {
  const res = await api.call('POST', '/admin/login', {
    body: { username: 'operator', password: secrets.adminPassword },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await body<AdminSession>(res)).token;
};

/** Uploads a file and makes it expired, for a sweep to remove. */
async function expiredFile(name: string): Promise<CreatedUpload> {
  const c = await upload(viaProxy, name, bytesOf(32));
  await sql`update public.files set expires_at = now() - interval '1 minute' where share_id = ${c.shareId}`;
  return c;
}

/** Holds a file's row as a long transaction would, so a sweep that reaches it waits there, mid-run. */
async function holdFileRow(shareId: string): Promise<{ release(): Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding: (found: boolean) => void = () => {};
  const taken = new Promise<boolean>((resolve) => (holding = resolve));
  const transaction = sql.begin(async (tx) => {
    const rows = await tx`select id from public.files where share_id = ${shareId} for update`;
    holding(rows.length === 1);
    await held;
  });
  expect(await taken).toBe(true);
  return {
    async release() {
      release();
      await transaction;
    },
  };
}

/** Whether the last run that claimed the sweep has ended (undefined: none ever claimed it). */
async function sweepFinished(): Promise<boolean | undefined> {
  const [row] = await sql<{ finished: boolean }[]>`
    select (value->>'finished')::boolean as finished from public.service_status where key = 'sweep_run'`;
  return row?.finished;
}

describe('two hosts on one database and one bucket', () => {
  it('sweep on their minute timers once a minute in all, not once per host', async () => {
    const runs = await waitFor(
      async () => {
        const rows = await sql<{ at: Date }[]>`select at from public.test_sweep_runs order by at`;
        return rows.length >= 2 ? rows.map((r) => r.at.getTime()) : undefined;
      },
      'two runs of the sweep',
      WAIT_MS,
    );
    // Each host ran its timer's first run as it started, seconds apart; only the first swept.
    const gaps = runs.slice(1).map((at, i) => at - (runs[i] ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(SWEEP_INTERVAL_MS - 5_000);
  });

  it('run one sweep when both are asked at once: the second finds the first at work', async () => {
    const c = await expiredFile('expired.txt');
    const row = await holdFileRow(c.shareId);
    try {
      const first = hostA.call('POST', '/sweep', { headers: { authorization: `Bearer ${hostA.sweepSecret}` } });
      await waitFor(async () => ((await sweepFinished()) === false ? true : undefined), 'a sweep at work', WAIT_MS);
      const second = await hostB.call('POST', '/sweep', { headers: { authorization: `Bearer ${hostB.sweepSecret}` } });
      expect(second.status).toBe(200);
      expect(await body(second)).toEqual({ deletedFiles: 0, abortedUploads: 0, skipped: true });
      await row.release();
      expect((await first).status).toBe(200);
    } finally {
      await row.release();
    }
    expect((await viaProxy.call('GET', `/shares/${c.shareId}`)).status).toBe(404);
  });

  it("hold a visitor's quota across both hosts", async () => {
    const visitor = { 'x-test-client': '203.0.113.7' };
    const answers: { status: number; host: string | null; code?: string }[] = [];
    for (let i = 0; i < CREATES_PER_HOUR + 2; i++) {
      const res = await viaProxy.call('POST', '/uploads', {
        body: { name: `q${i}.txt`, size: 1, type: 'text/plain' },
        headers: visitor,
      });
      answers.push({ status: res.status, host: res.headers.get('x-upstream'), code: (await body(res)).code as string });
    }
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted).toHaveLength(CREATES_PER_HOUR);
    expect(new Set(accepted.map((a) => a.host))).toEqual(new Set(['a', 'b']));
    // The next ones are refused, by each host in turn.
    expect(answers.slice(CREATES_PER_HOUR).map((a) => [a.status, a.code])).toEqual([
      [429, 'upload_rate_limited'],
      [429, 'upload_rate_limited'],
    ]);
    expect(new Set(answers.slice(CREATES_PER_HOUR).map((a) => a.host))).toEqual(new Set(['a', 'b']));
  });

  it('take an admin session signed in on one on the other, and its sign-out on both', async () => {
    const token = await signIn(hostA);
    const headers = { 'x-admin-token': token };
    expect((await hostB.call('GET', '/admin/dashboard', { headers })).status).toBe(200);
    expect((await hostB.call('POST', '/admin/logout', { headers })).status).toBe(200);
    expect((await hostA.call('GET', '/admin/dashboard', { headers })).status).toBe(401);
  });

  it('show a takedown on one host on the other at once', async () => {
    const c = await upload(viaProxy, 'taken-down.txt', bytesOf(16));
    expect((await hostB.call('GET', `/shares/${c.shareId}`)).status).toBe(200);
    const token = await signIn(hostA);
    const down = await hostA.call('POST', `/admin/shares/${c.shareId}/takedown`, {
      body: { reason: 'Copyright claim' },
      headers: { 'x-admin-token': token },
    });
    expect(down.status).toBe(200);
    expect((await hostB.call('GET', `/shares/${c.shareId}`)).status).toBe(410);
    expect((await hostB.call('POST', `/shares/${c.shareId}/download`)).status).toBe(410);
  });

  it('complete through one host an upload started through the other', async () => {
    const bytes = bytesOf(1000, 3);
    const c = await create(hostA, { name: 'crossing.txt', size: bytes.length });
    const parts = await putParts(hostB, c, bytes);
    const done = await complete(hostB, c, parts);
    expect(done.status).toBe(200);
    const { url } = await body<{ url: string }>(await hostA.call('POST', `/shares/${c.shareId}/download`));
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  // Last: it stops the hosts.
  it('end the run of their timer before they stop, leaving no claim for the lease to end', async () => {
    const c = await expiredFile('stopping.txt');
    const row = await holdFileRow(c.shareId);
    try {
      // The next minute's run, on whichever host's timer comes first, waits at the held row.
      await waitFor(async () => ((await sweepFinished()) === false ? true : undefined), 'a timer run', WAIT_MS);
      for (const host of hosts) host.child.kill('SIGTERM');
      await waitFor(
        async () => (hosts.every((host) => /SIGTERM: stopping/.test(host.output())) ? true : undefined),
        'both hosts stopping',
        WAIT_MS,
      );
    } finally {
      await row.release();
    }
    for (const host of hosts) await host.stop();
    expect(await sweepFinished()).toBe(true);
    expect(await sql`select 1 from public.files where share_id = ${c.shareId}`).toHaveLength(0);
  });
});
