import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { waitForApp } from './fixtures/app-live';
import { openedSha256 } from './fixtures/encrypted';
import { E2E_ANON_KEY, openControlled, readJobs, waitForJob } from './fixtures/pwa';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// Install and update. The update tests publish a worker the way a deploy does: the host serves the
// app from DIST_DIR (scripts/e2e-server.mjs: .tmp/e2e-dist-<port>), and the test changes the built
// sw.js there; the file is put back afterwards. A new build changes the precache list (here: the
// revision of index.html); a script that changed by a byte only is installed by the browser as
// well, but it is the same build, and nothing should be offered.

const PORT = process.env.E2E_PORT ?? '8181';
const SW_FILE = path.resolve(import.meta.dirname, `../../.tmp/e2e-dist-${PORT}/sw.js`);

let dir: string;

/** sw.js as a new build would be: the same worker, with another revision of index.html to precache. */
function asNewBuild(script: string): string {
  const changed = script.replace(
    /\{"revision":"[0-9a-f]+","url":"index\.html"\}/,
    `{"revision":"${Date.now().toString(16)}","url":"index.html"}`,
  );
  expect(changed).not.toBe(script);
  return changed;
}

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

test('a new version offers Reload, and an upload under way carries on under the new worker', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The bucket takes the first two parts; the others wait until the new worker has taken over, so
  // the upload is under way when Reload is pressed however fast this machine is.
  let partsLetThrough = 0;
  let letTheRestGo = () => {};
  const rest = new Promise<void>((resolve) => {
    letTheRestGo = resolve;
  });
  await context.route(/\/storage\//, async (route) => {
    if (route.request().method() === 'PUT') {
      partsLetThrough += 1;
      if (partsLetThrough > 2) await rest;
    }
    await route.continue().catch(() => undefined);
  });
  const original = await readFile(SW_FILE, 'utf8');
  try {
    await openControlled(page);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    await expect(page.getByText('A new version is available')).toHaveCount(0);

    // Deploy: a new build; the browser finds its worker on its next update check.
    await writeFile(SW_FILE, asNewBuild(original));
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null);
    expect(waiting).toBe(true);

    // An upload starts (the old worker runs it) and is under way when the person accepts the update.
    const source = await makeRandomFile(dir, 'during update.bin', 200 * 1024 * 1024);
    await page.getByTestId('upload-files-input').setInputFiles(source.path);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    // The reload ends the page's copy of the file if it has not yet met the upload: wait for that.
    const before = await waitForJob(page, source.name, (job) => job.resumable && job.parts.length >= 1);
    expect(before.state).not.toBe('done');

    // Reload: the page posts SKIP_WAITING, the new worker takes over, the page reloads once.
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByText('A new version is available')).toHaveCount(0);
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { waiting: registration.waiting !== null, controller: navigator.serviceWorker.controller?.scriptURL };
    });
    expect(after).toEqual({ waiting: false, controller: firstWorker });
    letTheRestGo();

    // The upload was not dropped: the new worker picks the job up from IndexedDB and finishes it.
    console.log(`upload when the update was accepted: ${before.parts.length}/${before.partCount} parts`);
    const done = await waitForJob(page, source.name, (job) => job.state === 'done', 180_000);
    expect(await openedSha256(page, baseURL ?? '', done)).toEqual({ sha256: source.sha256, size: source.size });
  } finally {
    await writeFile(SW_FILE, original);
  }
});

test('after a browser restart with no new build, no update is offered', async ({ baseURL }) => {
  const profile = await mkdtemp(path.join(tmpdir(), 'ulak-e2e-profile-'));
  const original = await readFile(SW_FILE, 'utf8');
  const launch = () =>
    chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL });
  try {
    const first = await launch();
    await openControlled(first.pages()[0] ?? (await first.newPage()));
    await first.close();

    // Meanwhile the worker script changes by a byte, but not the build (no file of the app did).
    await writeFile(SW_FILE, `${original}\n// the same build, served again ${Date.now()}\n`);
    const second = await launch();
    const page = second.pages()[0] ?? (await second.newPage());
    const sameBuild = page.waitForEvent('console', (message) => message.text().includes('no update to offer'));
    await openControlled(page);
    // The browser installs the changed script: it waits, and the page has looked at it.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null))
      .toBe(true);
    await sameBuild;
    await expect(page.getByText('A new version is available')).toHaveCount(0);

    // A real new build in the same restarted browser is offered.
    await writeFile(SW_FILE, asNewBuild(original));
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    await expect(page.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible({
      timeout: 30_000,
    });
    await second.close();
  } finally {
    await writeFile(SW_FILE, original);
    await rm(profile, { recursive: true, force: true });
  }
});

test('an Install app button shows while the browser offers to install', async ({ page }) => {
  await page.goto('/');
  // The app has started (and listens for the offer) once it has taken over the page.
  await waitForApp(page);
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  // Headless Chromium never offers installation by itself; the offer is the event it would fire.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { promptShown: boolean }).promptShown = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByRole('button', { name: 'Install app' }).click();
  expect(await page.evaluate(() => (window as unknown as { promptShown?: boolean }).promptShown)).toBe(true);
  // The offer is used once: the button goes away.
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

test('Transfers shows an upload with its speed and time left; Cancel aborts it on the server', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Parts held back a moment, so the upload is still under way while we look; once it shows, none
  // goes until Cancel is pressed, so the upload cannot finish first however fast this machine is.
  let held: Promise<void> | null = null;
  let release = () => {};
  await context.route(/\/storage\//, async (route) => {
    if (route.request().method() === 'PUT') {
      await new Promise((resolve) => setTimeout(resolve, 700));
      if (held) await held;
    }
    await route.continue().catch(() => undefined);
  });
  const aborts: number[] = [];
  context.on('response', (response) => {
    if (/\/uploads\/[^/]+\/abort$/.test(response.url())) aborts.push(response.status());
  });
  const source = await makeRandomFile(dir, 'to cancel.mov', 150 * 1024 * 1024);
  await openControlled(page);
  await page.getByTestId('upload-files-input').setInputFiles(source.path);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const started = await waitForJob(page, source.name, (job) => job.parts.length >= 2);

  const ownerToken = await page.evaluate(
    (shareId) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('ulak');
        open.onsuccess = () => {
          const get = open.result.transaction('ownedFiles').objectStore('ownedFiles').get(shareId);
          get.onsuccess = () => resolve((get.result as { ownerToken: string }).ownerToken);
          get.onerror = () => reject(get.error ?? new Error('read failed'));
        };
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      }),
    started.shareId ?? '',
  );
  const lookup = async () => {
    const answer = await fetch(`${baseURL}/functions/v1/api/files/lookup`, {
      method: 'POST',
      headers: { apikey: E2E_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ shareId: started.shareId, ownerToken }] }),
    });
    return ((await answer.json()) as { files: { state: string }[] }).files.map((file) => file.state);
  };
  expect(await lookup()).toEqual(['uploading']);

  await page.goto('/upload');
  const row = page.getByRole('list', { name: 'Your files' }).getByRole('listitem', { name: source.name });
  await expect(
    row.getByText(/^Uploading to Ulak: \d+% · [\d.]+ (KB|MB|GB)\/s · \d+ (seconds?|minutes?) left$/),
  ).toBeVisible({
    timeout: 30_000,
  });

  held = new Promise((resolve) => {
    release = resolve;
  });
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(0);
  release();
  await expect.poll(() => aborts).toEqual([204]);
  // The server dropped it: the owner lookup that listed it as uploading no longer knows it.
  expect(await lookup()).toEqual([]);
  await expect.poll(async () => (await readJobs(page)).length).toBe(0);
});
