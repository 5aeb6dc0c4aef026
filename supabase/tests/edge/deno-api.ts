// The Edge Function entry (supabase/functions/api/index.ts) as Supabase's Edge runtime runs it: a
// Deno process from the deno npm package, its imports resolved by deno.json's `npm:` map, serving
// Deno.serve on the address DENO_SERVE_ADDRESS names. No Docker, no Supabase CLI in between.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from '../free-port.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

/** How long the entry may take to answer its first request (a cold Deno on a loaded 2-core machine). */
const START_TIMEOUT_MS = 120_000;

export interface DenoApi {
  /** The API's base URL, as the Edge runtime hands requests to the function: /api/<route>. */
  api: string;
  origin: string;
  pid: number;
  output(): string;
  alive(): boolean;
  stop(): Promise<void>;
}

/** DENO_CERT, or this machine's CA file (SSL_CERT_FILE) under Deno's name for it. */
function caFile(): Record<string, string> {
  const file = process.env.DENO_CERT ?? process.env.SSL_CERT_FILE;
  return file ? { DENO_CERT: file } : {};
}

/** The variables of `names` this process has, to hand on to a child. */
function passThrough(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

/** Tries on a port of our choosing before giving up: another process may bind it between our look and Deno's. */
const FREE_PORT_TRIES = 3;

/**
 * Starts the Edge entry with `env` as its secrets (as `supabase secrets set` gives them), on
 * `port` (a free one when not given; a build that names the API's URL needs it fixed).
 */
export async function startDenoApi(env: Record<string, string>, options: { port?: number } = {}): Promise<DenoApi> {
  if (options.port !== undefined) return startOn(env, options.port);
  for (let tries = 1; ; tries++) {
    try {
      return await startOn(env, await freePort());
    } catch (error) {
      if (!(error instanceof PortTakenError) || tries === FREE_PORT_TRIES) throw error;
    }
  }
}

/** The entry exited because its port was taken (Deno's AddrInUse). */
class PortTakenError extends Error {}

async function startOn(env: Record<string, string>, port: number): Promise<DenoApi> {
  const deno = path.join(path.dirname(require.resolve('deno/package.json')), 'bin.cjs');
  const child = spawn(
    process.execPath,
    [deno, 'run', '-A', '--config', 'supabase/functions/api/deno.json', 'supabase/functions/api/index.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // bin.cjs runs the deno binary as its own child: stop() ends the whole group, or deno would
      // outlive the test still holding its port.
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        // The cache scripts/deno-check.mjs fills: the npm packages are fetched once per machine.
        DENO_DIR: path.join(root, 'node_modules/.cache/deno'),
        DENO_NO_UPDATE_CHECK: '1',
        // When that cache is empty, Deno fetches from the registry, through this machine's proxy,
        // trusting the CA file every other tool here is given (Deno reads DENO_CERT, not SSL_CERT_FILE).
        ...passThrough(['HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']),
        ...caFile(),
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        ...env,
      },
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (alive()) {
      const signal = (name: NodeJS.Signals) => {
        if (!child.pid) return;
        try {
          process.kill(-child.pid, name);
        } catch {
          // already gone
        }
      };
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!alive()) {
      const message = `The Deno entry exited (${child.exitCode}):\n${out}`;
      throw /\bAddrInUse\b/.test(out) ? new PortTakenError(message) : new Error(message);
    }
    const answered = await fetch(`${origin}/api/health`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Deno entry did not answer within ${START_TIMEOUT_MS / 1000} s:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { api: `${origin}/api`, origin, pid: child.pid ?? 0, output: () => out, alive, stop };
}
