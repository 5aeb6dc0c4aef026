// @vitest-environment node
// The Supabase deployment, proven without Supabase: the Edge Function entry runs under Deno (the
// deno npm package, deno.json's `npm:` imports, no Docker) on a PostgreSQL 15 that the Supabase CLI
// migrated, with Ceph's radosgw as its bucket (set up by scripts/storage-setup.ts, as R2 is). A
// Node host on the same database and bucket runs beside it, and both pass the same contract cases
// over HTTP. Where the two runtimes differ (WebCrypto, request streams, timers), a case shows it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession, SystemDto } from '../../functions/_shared/domain/admin-api-types.ts';
import { createPostgresDb } from '../../functions/_shared/postgres-db.ts';
import { body, bytesOf, upload } from '../api/upload-helpers.ts';
import { HOST_ANON_KEY, startHost, type HostProcess } from '../host/host-process.ts';
import { startRadosgw, type Radosgw } from '../second-s3/radosgw.ts';
import { createPg15Database } from '../targets.ts';
import { apiContractCases } from './api-contract.ts';
import { bucketOn, migrateTheSupabaseWay, sharedSecrets, type SharedSecrets } from './deployment.ts';
import { startDenoApi, type DenoApi } from './deno-api.ts';
import { httpApi, type HttpApi } from './http-api.ts';

const PUBLIC_ORIGIN = 'http://app.test';

let rgw: Radosgw | undefined;
let deno: DenoApi | undefined;
let host: HostProcess | undefined;
let databaseUrl = '';
let secrets: SharedSecrets;
let denoApi: HttpApi;
let nodeApi: HttpApi;

beforeAll(async () => {
  rgw = await startRadosgw();
  databaseUrl = await createPg15Database();
  const migrated = await migrateTheSupabaseWay(databaseUrl);
  expect(migrated).toMatch(/Applying migration \d+_initial_schema\.sql/);
  const bucket = await bucketOn(rgw, 'ulak-edge', PUBLIC_ORIGIN);
  secrets = await sharedSecrets(HOST_ANON_KEY);
  const env = { ...secrets.env, ...bucket, DATABASE_URL: databaseUrl };
  // As on Supabase: the secrets of `supabase secrets set`, and SUPABASE_DB_URL would do as well.
  deno = await startDenoApi({ ...env, PUBLIC_ORIGIN });
  host = await startHost({ env });
  const common = { anonKey: HOST_ANON_KEY, sweepSecret: secrets.env.SWEEP_SECRET ?? '' };
  const bucketUrl = `${rgw.endpoint}/ulak-edge/`;
  denoApi = httpApi({ ...common, api: deno.api, bucketUrl });
  nodeApi = httpApi({ ...common, api: host.api, bucketUrl });
}, 600_000);

afterAll(async () => {
  await deno?.stop();
  await host?.stop();
  await rgw?.stop();
});

describe.each([
  ['the Node host', () => nodeApi],
  ['the Edge entry under Deno', () => denoApi],
] as const)('the API contract on %s', (_name, target) => {
  apiContractCases(target);
});

describe('where Deno and Node differ', () => {
  const signIn = async (api: HttpApi) => {
    const res = await api.call('POST', '/admin/login', {
      body: { username: 'operator', password: secrets.adminPassword },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await body<AdminSession>(res)).token;
  };
  const system = (api: HttpApi, token: string) =>
    api.call('GET', '/admin/system', { headers: { 'x-admin-token': token } });

  it('crypto: a password hashed by Node signs in on Deno, and a session either one signs is good on the other', async () => {
    // PBKDF2 and HMAC through WebCrypto on both; Node's crypto.subtle and Deno's must agree bit for bit.
    const fromDeno = await signIn(denoApi);
    const fromNode = await signIn(nodeApi);
    expect((await system(nodeApi, fromDeno)).status).toBe(200);
    expect((await system(denoApi, fromNode)).status).toBe(200);
    const forged = `${fromNode.slice(0, -4)}AAAA`;
    expect((await system(denoApi, forged)).status).toBe(401);
  });

  it('version: both System pages name the version the admin panel badge shows, with none in the secrets', async () => {
    const { version } = JSON.parse(await readFile(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
      version: string;
    };
    for (const api of [nodeApi, denoApi]) {
      const answer = await body<SystemDto>(await system(api, await signIn(api)));
      expect(answer.version).toBe(version);
    }
  });

  it('streams: a body larger than allowed, sent without a length, is cut off with 413 by both', async () => {
    // Deno hands the handler the socket's stream as is; the Node host bridges its own stream to a
    // Web ReadableStream. Either way the handler stops reading at the limit.
    for (const api of [nodeApi, denoApi]) {
      let sent = 0;
      const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.length;
          if (sent > 8 * 1024 * 1024) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const res = await fetch(`${api.api}/uploads`, {
        method: 'POST',
        headers: { apikey: api.anonKey, 'content-type': 'application/json' },
        body: endless,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await body(res)).toMatchObject({ code: 'body_too_large' });
      expect((await fetch(`${api.api}/health`)).status).toBe(200);
    }
  });

  it('timers: the Node host sweeps on its own minute timer; the Edge entry only when POST /sweep is called', async () => {
    const token = await signIn(denoApi);
    // The host's first run comes at start: its record is there without any call.
    const before = await body<SystemDto>(await system(denoApi, token));
    expect(before.lastSweep).not.toBeNull();

    // On Supabase pg_cron calls the route; nothing else runs it. Stop the host, so no timer is left.
    await host?.stop();
    const c = await upload(denoApi, 'expired.txt', bytesOf(64));
    const { url } = await body<{ url: string }>(await denoApi.call('POST', `/shares/${c.shareId}/download`));
    const db = createPostgresDb(databaseUrl, { max: 1 });
    try {
      await db.query(`update public.files set expires_at = now() - interval '1 minute' where share_id = $1`, [
        c.shareId,
      ]);
    } finally {
      await db.close();
    }
    const swept = await fetch(`${denoApi.api}/sweep`, {
      method: 'POST',
      headers: { authorization: `Bearer ${denoApi.sweepSecret}` },
    });
    expect(swept.status).toBe(200);
    expect(await body(swept)).toEqual({ deletedFiles: 1, abortedUploads: 0 });
    expect((await fetch(url)).status).toBe(404);
    const after = await body<SystemDto>(await system(denoApi, token));
    expect(Date.parse(after.lastSweep?.at ?? '')).toBeGreaterThan(Date.parse(before.lastSweep?.at ?? ''));
  });
});
