// The real host (`npm start`'s program) as a child process on a throwaway data folder and a free
// port, for tests that must prove what no in-process test can: that nothing a request does ends
// the process. Each host builds the web app into one shared folder (the build is swapped in
// atomically and reused while the sources are unchanged).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const HOST_ANON_KEY = 'sb_publishable_hosttest_000000000000000000';
const root = path.resolve(import.meta.dirname, '../../..');

export interface HostProcess {
  origin: string;
  api: string;
  dataDir: string;
  pid: number;
  child: ChildProcess;
  /** Everything the host printed so far. */
  output(): string;
  /** True while the process runs. */
  alive(): boolean;
  /** The embedded storage's keys (from the data folder's secrets). */
  secrets(): Promise<{ storageAccessKeyId: string; storageSecretAccessKey: string; adminUsername: string }>;
  /** Stops it (SIGTERM, then SIGKILL) and removes its data folder unless `keepData`. */
  stop(opts?: { keepData?: boolean; signal?: NodeJS.Signals }): Promise<void>;
}

export interface StartHostOptions {
  env?: Record<string, string>;
  /** Reuse this data folder (a restart) instead of a new one. */
  dataDir?: string;
  /** Run the host through this command prefix (e.g. unshare to give it a mount namespace). */
  wrap?: (command: string[]) => string[];
  /** Resolve when this text appears instead of when health answers (a host that cannot start). */
  until?: RegExp;
}

export async function startHost(options: StartHostOptions = {}): Promise<HostProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'ulak-host-')));
  const command = ['node', '--import', 'tsx', 'supabase/host/main.ts'];
  const [file, ...args] = options.wrap ? options.wrap(command) : command;
  const child = spawn(file ?? 'node', args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(root, '.tmp', 'test-host-dist'),
      ANON_KEY: HOST_ANON_KEY,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...options.env,
    },
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const origin = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const running = /Ulak is running at (http:\/\/localhost:\d+)/.exec(out);
      if (running) return resolve(running[1]!);
      if (options.until?.test(out)) return resolve('');
      if (child.exitCode !== null) return reject(new Error(`The host exited (${child.exitCode}):\n${out}`));
      setTimeout(check, 100);
    };
    check();
  });

  let stopped = false;
  return {
    origin,
    api: `${origin}/functions/v1/api`,
    dataDir,
    pid: child.pid ?? 0,
    child,
    output: () => out,
    alive: () => child.exitCode === null && child.signalCode === null,
    async secrets() {
      return JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
        storageAccessKeyId: string;
        storageSecretAccessKey: string;
        adminUsername: string;
      };
    },
    async stop(opts = {}) {
      if (!stopped) {
        stopped = true;
        if (child.exitCode === null && child.signalCode === null) {
          child.kill(opts.signal ?? 'SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(timer);
        }
      }
      if (!opts.keepData && !options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call to a host's API with its anon key. */
export async function hostCall(
  host: Pick<HostProcess, 'api'>,
  method: string,
  apiPath: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${host.api}${apiPath}`, {
    method,
    headers: { apikey: HOST_ANON_KEY, 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
