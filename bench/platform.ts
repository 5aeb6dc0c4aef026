// Starts the product for a benchmark the way a user does (`npm start`), on a throwaway data folder,
// and launches Debian's Chromium. Shared by every benchmark in this folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';

export interface BenchPlatform {
  origin: string;
  dataDir: string;
  /** The embedded storage's credentials, for a reference client talking to the same bucket. */
  storage: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');

/** Starts `npm start` on `port`; `env` adds settings (a raised quota for a load test, say). */
export async function startPlatform(port: number, env: Record<string, string> = {}): Promise<BenchPlatform> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-bench-'));
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true, // its own process group, so stop() reaches npm's children too
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DIST_DIR: path.join(root, '.tmp', `bench-dist-${port}`),
      ANON_KEY: 'sb_publishable_bench_000000000000000000000',
      ...env,
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

/** Sum of the resident memory (bytes) of a process and all its descendants (Chromium's renderers, GPU, ...). */
export async function treeRss(pid: number): Promise<number> {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      const pages = Number(fields[21]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      rss.set(Number(entry), pages * 4096);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    total += rss.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

/** Samples treeRss every `everyMs` until stopped; returns the peak. */
export function sampleMemory(pid: number, everyMs = 200): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await treeRss(pid));
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

export const MiB = 1024 * 1024;
export const fmtMiB = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
