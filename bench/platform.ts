// Starts the product for a benchmark the way a user does (`npm start`), on a throwaway data folder,
// and launches Debian's Chromium. Shared by every benchmark in this folder.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, open, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import type {
  CreatedTransfer,
  CreatedUpload,
  CreateUploadRequest,
  SignedParts,
} from '../supabase/functions/_shared/domain/api-types.ts';
import { MIB } from '../supabase/functions/_shared/domain/constants.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';

export interface BenchPlatform {
  origin: string;
  dataDir: string;
  /** Its built web app; another host of the same checkout and settings can serve it too. */
  distDir: string;
  /** The embedded storage's credentials, for a reference client talking to the same bucket. */
  storage: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');

/** The anon key every benchmark's host is started with. */
export const BENCH_ANON_KEY = 'sb_publishable_bench_000000000000000000000';

/** Where the API of a host answers, and with which anon key. */
export interface Target {
  origin: string;
  anonKey: string;
}

/** One call of the host's API; any answer but a 2xx throws. */
export async function call<T>(target: Target, method: string, apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${target.origin}/functions/v1/api${apiPath}`, {
    method,
    headers: { apikey: target.anonKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A complete file of `size` bytes uploaded through the API, its parts 4 at a time, each read by
 * `readPart` (stored bytes from `start`, of the upload `upload`); answers its share id. With `transfer`
 * and `path` in `file`, it joins that transfer.
 */
export async function shareBytes(
  target: Target,
  file: CreateUploadRequest,
  readPart: (start: number, length: number, upload: CreatedUpload) => Promise<Uint8Array<ArrayBuffer>>,
): Promise<string> {
  const created = await call<CreatedUpload>(target, 'POST', '/uploads', file);
  const headers = { apikey: target.anonKey, 'content-type': 'application/json', 'x-owner-token': created.ownerToken };
  const parts: { partNumber: number; etag: string }[] = [];
  let next = 1;
  const worker = async () => {
    for (let n = next++; n <= created.partCount; n = next++) {
      const signed = await fetch(`${target.origin}/functions/v1/api/uploads/${created.fileId}/parts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ partNumbers: [n] }),
      });
      const { urls } = (await signed.json()) as SignedParts;
      const start = (n - 1) * created.partSize;
      const body = await readPart(start, Math.min(created.partSize, file.size - start), created);
      const put = await fetch(urls[0]?.url ?? '', { method: 'PUT', body });
      if (!put.ok) throw new Error(`part ${n}: ${put.status}`);
      parts.push({ partNumber: n, etag: put.headers.get('etag') ?? '' });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  parts.sort((x, y) => x.partNumber - y.partNumber);
  const done = await fetch(`${target.origin}/functions/v1/api/uploads/${created.fileId}/complete`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ parts }),
  });
  if (!done.ok) throw new Error(`complete: ${done.status} ${await done.text()}`);
  return created.shareId;
}

/** A complete small file uploaded through the API (one part); answers its share id. */
export function shareSmallFile(target: Target, name: string, type: string, content: string): Promise<string> {
  const bytes = new TextEncoder().encode(content);
  return shareBytes(target, { name, type, size: bytes.length }, async (start, length) =>
    bytes.subarray(start, start + length),
  );
}

/**
 * The file at `file` uploaded through the API from Node; answers its share id. `join` puts it in a
 * transfer, under a folder.
 */
export async function shareFile(
  target: Target,
  file: string,
  name: string,
  join?: { transfer: CreatedTransfer; path: string },
): Promise<string> {
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    const request: CreateUploadRequest = { name, type: 'application/octet-stream', size };
    if (join) {
      request.transfer = { shareId: join.transfer.shareId, ownerToken: join.transfer.ownerToken };
      request.path = join.path;
    }
    return await shareBytes(target, request, async (start, length) => {
      const part = Buffer.alloc(length);
      await handle.read(part, 0, length, start);
      return part;
    });
  } finally {
    await handle.close();
  }
}

/** A transfer made as the app makes one: POST /transfers, then each file's upload joins it. */
export function createTransfer(target: Target): Promise<CreatedTransfer> {
  return call<CreatedTransfer>(target, 'POST', '/transfers', {});
}

/** The web app's build of the bench host on `port`: kept between runs, rebuilt when the sources change. */
export const benchDistDir = (port: number) => path.join(root, '.tmp', `bench-dist-${port}`);

/**
 * Starts `npm start` on `port`; `env` adds settings (a raised quota for a load test, say). Its data
 * (the embedded database and storage) goes under BENCH_STORAGE_DIR, the system's temporary folder
 * by default: on a tmpfs such as /dev/shm the storage's disk writes leave the browsers' disk alone,
 * as a remote bucket's do.
 */
export async function startPlatform(port: number, env: Record<string, string> = {}): Promise<BenchPlatform> {
  const dataDir = await mkdtemp(path.join(process.env.BENCH_STORAGE_DIR ?? tmpdir(), 'ulak-bench-'));
  const distDir = env.DIST_DIR ?? benchDistDir(port);
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true, // its own process group, so stop() reaches npm's children too
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ANON_KEY: BENCH_ANON_KEY,
      ...env,
      DIST_DIR: distDir,
    },
  });
  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/functions/v1/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('The host did not start.');
    await new Promise((r) => setTimeout(r, 500));
  }
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    storageAccessKeyId: string;
    storageSecretAccessKey: string;
  };
  return {
    origin,
    dataDir,
    distDir,
    storage: {
      endpoint: `http://127.0.0.1:${port}/storage`,
      bucket: 'ulak',
      accessKeyId: secrets.storageAccessKeyId,
      secretAccessKey: secrets.storageSecretAccessKey,
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<{ browser: Browser; pid: number; close(): Promise<void> }> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const browser = await chromium.connect(server.wsEndpoint());
  return {
    browser,
    pid: server.process().pid ?? 0,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export interface ProfileBrowser {
  context: BrowserContext;
  /** The browser's main process; its descendants are its renderers and services. */
  pid: number;
}

/**
 * A browser with a profile on disk, as a person's browser is. Playwright's other contexts are "off
 * the record", and Chromium keeps such a context's private file system in memory: received files
 * would count as the browser's memory there, and be measured as ours.
 */
export async function launchProfile(
  profile: string,
  options: { serviceWorkers?: 'allow' | 'block'; downloadsPath?: string; bypassCSP?: boolean } = {},
): Promise<ProfileBrowser> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...options,
  });
  const main = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .find((row) => row.includes(`--user-data-dir=${profile}`) && !row.includes('--type='));
  const pid = Number(/^\s*(\d+)/.exec(main ?? '')?.[1]);
  if (!pid) throw new Error(`No browser process for ${profile}`);
  return { context, pid };
}

/** The /proc stat fields after the command name ([1] parent, [11] and [12] user and system CPU ticks). */
async function statFields(pid: number): Promise<string[] | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // the process ended while we looked
  }
}

/** A process and all its descendants (Chromium's renderers, GPU...): a scan of the whole of /proc. */
async function treePids(pid: number): Promise<number[]> {
  const children = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = await statFields(Number(entry));
    if (!fields) continue;
    const ppid = Number(fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    tree.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return tree;
}

async function treeStats(pids: readonly number[]): Promise<string[][]> {
  return (await Promise.all(pids.map(statFields))).filter((fields) => fields !== undefined);
}

/**
 * A process's proportional set size, bytes. Not its resident set: Chromium's processes map the same
 * pages (shared libraries, IPC and data-pipe buffers), which a sum of resident sets counts once per
 * process; PSS splits each shared page among the processes that map it, so the sum is what they hold.
 */
async function pssOf(pid: number): Promise<number> {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB$/m.exec(rollup)?.[1]) * 1024;
  } catch {
    return 0; // the process ended while we looked
  }
}

const pssSum = async (pids: readonly number[]) => (await Promise.all(pids.map(pssOf))).reduce((a, b) => a + b, 0);

/** CPU seconds (user and system) used so far by a process and all its descendants. */
export async function treeCpuSeconds(pid: number): Promise<number> {
  const ticks = (await treeStats(await treePids(pid))).reduce(
    (sum, fields) => sum + Number(fields[11]) + Number(fields[12]),
    0,
  );
  return ticks / 100; // USER_HZ
}

/** The memory (PSS, bytes) of a process and all its descendants. */
export async function treeMemory(pid: number): Promise<number> {
  return pssSum(await treePids(pid));
}

/**
 * Samples treeMemory every `everyMs` until stopped; `stop` answers the peak. Reading PSS walks the
 * page tables: 25 to 40 ms of CPU for a browser's ten processes, a hundred times a read of their
 * resident sets. Every 400 ms (about a twelfth of a core) met each peak within 20 MiB of sampling
 * every 200 ms; once a second missed some by 80 to 110 MiB. The tree is looked up (a scan of all of
 * /proc, about 10 ms) about once a second, and only its processes read between.
 *
 * `secondHalfLow` is the lowest sample of the second half of the run, once the work is well under
 * way: memory the browser held throughout, where a peak also counts memory it let go of again.
 */
export function sampleMemory(pid: number, everyMs = 400): { stop(): Promise<number>; secondHalfLow(): number } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    let pids: number[] = [];
    for (let sample = 0; running; sample++) {
      if (sample % Math.max(1, Math.round(1000 / everyMs)) === 0) pids = await treePids(pid);
      samples.push(await pssSum(pids));
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return Math.max(0, ...samples);
    },
    secondHalfLow: () => Math.min(...samples.slice(Math.floor(samples.length / 2))),
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Rounds' figures as the benches print them: the median, then the spread (least-most). */
export function fmtRounds(values: readonly number[], digits: number, unit = ''): string {
  const f = (v: number) => v.toFixed(digits);
  const rounds = values.length === 1 ? '1 round' : `${values.length} rounds`;
  return `${f(median(values))}${unit} (${f(Math.min(...values))}-${f(Math.max(...values))}, ${rounds})`;
}

// The benches' name for the one MIB of @domain/constants.
export { MIB as MiB };
export const fmtMiB = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;

/**
 * Why a peak over a smaller run's is printed: the first smaller run (half the size) is the measure
 * of flat memory; a shorter one ends before the browser's collector settles (bench/encrypted-memory.ts).
 */
export function flatNote(largeBytes: number, smallBytes: number, isMeasure: boolean): string {
  const grown = (largeBytes / smallBytes).toFixed(0);
  return isMeasure
    ? `(goal: flat, about 1; a peak that held the bytes would give ${grown})`
    : `(its run ends before the collector settles; holding the bytes would give ${grown})`;
}
