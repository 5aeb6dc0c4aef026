// @vitest-environment node
// The host as its operator meets it, with real processes: a first start that fails after the
// secrets were written, `npm run admin:password` with the host stopped and while it runs, and the
// headers every answer carries.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../../host/security-headers.ts';
import { freePort } from '../free-port.ts';
import { hostCall, startHost, type HostProcess } from '../host/host-process.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const folders: string[] = [];
const hosts: HostProcess[] = [];

afterAll(async () => {
  for (const host of hosts) await host.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function dataFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ulak-operator-'));
  folders.push(folder);
  return folder;
}

/** `npm run admin:password` on `dataDir`, with `input` on stdin (none: it makes a password). */
function adminPassword(dataDir: string, input?: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'admin:password'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin?.end(input);
  });
}

async function signIn(host: HostProcess, password: string): Promise<Response> {
  return hostCall(host, 'POST', '/admin/login', { body: { username: 'admin', password } });
}

const settingsWith = (host: HostProcess, token: string) =>
  hostCall(host, 'GET', '/admin/settings', { headers: { 'x-admin-token': token } });

/** Waits for `condition`, polling; fails after `timeoutMs`. */
async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('an operator and the host', () => {
  // Each start may build the web app first: minutes on a loaded 2-core machine.
  const HOST_TEST_MS = 900_000;

  it(
    'after a first start on a busy port, npm run admin:password gives a password that signs in',
    async () => {
      const dataDir = await dataFolder();
      const blocker: Server = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const busyPort = (blocker.address() as { port: number }).port;
      try {
        const failed = await startHost({ dataDir, env: { PORT: String(busyPort) }, until: /already in use/ });
        await until(async () => !failed.alive(), 60_000);
        expect(failed.output()).toContain(`Port ${busyPort} is already in use`);
        expect(failed.output()).not.toContain('password');
      } finally {
        await new Promise((resolve) => blocker.close(resolve));
      }
      // The secrets were written, so no later start prints a password: the situation to get out of.
      expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);

      const made = await adminPassword(dataDir);
      expect(made.code, made.output).toBe(0);
      const password = /password "([^"]+)"/.exec(made.output)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);

      const host = await startHost({ dataDir });
      hosts.push(host);
      expect(host.output()).toContain('npm run admin:password sets a new password');
      expect(host.output()).not.toContain(password);
      const first = await signIn(host, password);
      expect(first.status).toBe(200);
      const { token } = (await first.json()) as { token: string };
      expect((await settingsWith(host, token)).status).toBe(200);

      // While it runs: a password given on stdin takes over, and the session from before ends.
      const given = await adminPassword(dataDir, 'a password typed by the operator\n');
      expect(given.code, given.output).toBe(0);
      expect(given.output).not.toContain('a password typed by the operator');
      await until(async () => (await settingsWith(host, token)).status === 401, 60_000);
      expect((await signIn(host, password)).status).toBe(401);
      expect((await signIn(host, 'a password typed by the operator')).status).toBe(200);
      expect(host.alive()).toBe(true);
    },
    HOST_TEST_MS,
  );

  it('refuses a password it would not take, and changes nothing', async () => {
    const dataDir = await dataFolder();
    const short = await adminPassword(dataDir, 'short\n');
    expect(short.code).toBe(1);
    expect(short.output.trim()).toBe('[ulak] The password must have 12 to 1024 characters; nothing was changed.');
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it(
    'sends Permissions-Policy with every page and API answer, and HSTS when the public origin is https',
    async () => {
      // It says it runs at its public origin, so it is reached at the port it was given.
      const port = await freePort();
      const started = await startHost({
        env: { PORT: String(port), PUBLIC_ORIGIN: 'https://files.example.test' },
        until: /Ulak is running at https:\/\/files\.example\.test/,
      });
      hosts.push(started);
      const origin = `http://127.0.0.1:${port}`;
      const host = { ...started, origin, api: `${origin}/functions/v1/api` };
      const answers = [
        await fetch(`${host.origin}/`),
        await fetch(`${host.origin}/admin`),
        await fetch(`${host.origin}/no-such-page`),
        await hostCall(host, 'GET', '/health'),
        await hostCall(host, 'GET', '/settings'),
        await hostCall(host, 'GET', '/no-such-endpoint'),
        await fetch(`${host.api}/settings`), // no anon key: 401
        await fetch(`${host.origin}/functions/v1/api/health`, { method: 'OPTIONS' }),
      ];
      for (const answer of answers) {
        expect(answer.headers.get('permissions-policy'), answer.url).toBe(PERMISSIONS_POLICY);
        expect(answer.headers.get('strict-transport-security'), answer.url).toBe('max-age=31536000');
      }
      expect(PERMISSIONS_POLICY).toContain('camera=()');
      expect(PERMISSIONS_POLICY).toContain('clipboard-write=(self)');
      // Over plain http there is no HSTS (security-headers.test.ts): a browser would ignore it.
    },
    HOST_TEST_MS,
  );
});
