import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openedSha256 } from './fixtures/encrypted';
import { E2E_ANON_KEY, openControlled, waitForJob } from './fixtures/pwa';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// An upload survives a restarted server: the host (`npm start`'s program, on a data folder of this
// test) is stopped in the middle of an upload and started again on the same data; the upload goes
// on by itself and the file downloads byte for byte the same. The shared test server cannot be
// restarted, so this test runs a host of its own, on E2E_PORT + 500 with a build folder of its own.

const PORT = Number(process.env.E2E_PORT ?? 8181) + 500;
const ORIGIN = `http://localhost:${PORT}`;
const root = path.resolve(import.meta.dirname, '../..');

let dir: string;
let dataDir: string;
let host: ChildProcess | undefined;

async function startHost(): Promise<void> {
  host = spawn('npx', ['tsx', 'supabase/host/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    detached: true, // its own process group, so stopping it reaches every child
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DIST_DIR: path.join(root, '.tmp', `e2e-restart-dist-${PORT}`),
      ANON_KEY: E2E_ANON_KEY,
    },
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/functions/v1/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline || host.exitCode !== null) throw new Error('The host did not start.');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function stopHost(): Promise<void> {
  const child = host;
  if (child === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-(child.pid ?? 0), 'SIGTERM');
  await exited;
  host = undefined;
}

test.beforeEach(async () => {
  dir = await makeTempDir();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-e2e-restart-'));
});

test.afterEach(async () => {
  await stopHost();
  await removeDir(dir);
  await rm(dataDir, { recursive: true, force: true });
});

test('an upload survives a restarted server and completes by itself', async ({ browser }) => {
  test.setTimeout(420_000);
  await startHost();
  const context = await browser.newContext({ baseURL: ORIGIN });
  try {
    const page = await context.newPage();
    // After the first 4 parts, every part waits until the host is down, so the restart lands in the
    // middle of the upload however fast this machine is (they then fail and are sent again later).
    let puts = 0;
    let hostDown = (): void => undefined;
    const stopped = new Promise<void>((resolve) => (hostDown = resolve));
    await context.route(/\/storage\//, async (route) => {
      if (route.request().method() === 'PUT' && ++puts > 4) await stopped;
      await route.continue().catch(() => undefined);
    });
    const source = await makeRandomFile(dir, 'survives restart.bin', 150 * 1024 * 1024);
    await openControlled(page);
    await page.getByTestId('upload-files-input').setInputFiles(source.path);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await waitForJob(page, source.name, (job) => job.parts.length >= 4);

    await stopHost();
    hostDown();
    const during = await waitForJob(page, source.name, (job) => job.state === 'paused', 60_000);
    expect(during.parts.length).toBeLessThan(during.partCount ?? 0);
    await startHost();

    const done = await waitForJob(page, source.name, (job) => job.state === 'done', 180_000);
    expect(await openedSha256(page, ORIGIN, done)).toEqual({ sha256: source.sha256, size: source.size });
  } finally {
    await context.close();
  }
});
