import { expect, test } from '@playwright/test';
import { openedSha256 } from './fixtures/encrypted';
import { openControlled, readJobs, waitForJob } from './fixtures/pwa';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// Offline: an upload pauses when the network goes and goes on by itself when it is back; a file
// added offline is queued and uploaded when the network returns, with no page open; the app shell
// and the last Transfers list load offline.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

test('an upload cut off by a lost network goes on by itself when it is back', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  // 400 MiB (50 parts): the network goes once 2 parts are stored, and the other 48 must still be
  // on their way then, however fast this machine's loopback is (120 MiB finished first, once).
  const source = await makeRandomFile(dir, 'field recording.wav', 400 * 1024 * 1024);
  await openControlled(page);
  await page.getByTestId('upload-files-input').setInputFiles(source.path);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await waitForJob(page, source.name, (job) => job.parts.length >= 2);

  await context.setOffline(true);
  // Home's line under Upload and the file's row both say so.
  await expect(page.getByText(/^Waiting for the network/).first()).toBeVisible();
  // Nothing moves while offline (the parts in flight when the network went fail and are kept for later).
  await page.waitForTimeout(1_000);
  const [during] = await readJobs(page);
  await page.waitForTimeout(3_000);
  const [later] = await readJobs(page);
  expect(later?.parts.length).toBe(during?.parts.length);
  expect(later?.state).not.toBe('done');
  expect(later?.parts.length).toBeLessThan(later?.partCount ?? 0);

  // Back online, and no action: the upload completes, and the link gives the same bytes.
  await context.setOffline(false);
  const results = page.getByRole('region', { name: /Your share link/ });
  await expect(results).toBeVisible({ timeout: 120_000 });
  const done = await waitForJob(page, source.name, (job) => job.state === 'done');
  expect(await openedSha256(page, baseURL ?? '', done)).toEqual({ sha256: source.sha256, size: source.size });
});

test('a file added offline is queued and uploaded when the network returns, with no page open', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const source = await makeRandomFile(dir, 'offline notes.pdf', 3 * 1024 * 1024);
  await openControlled(page);
  // A blank tab of the browser that only watches the worker (it runs no app code).
  const watcher = await context.newPage();
  const cdp = await context.newCDPSession(watcher);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
  });
  const running = new Map<string, string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) running.set(version.versionId, version.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');

  await context.setOffline(true);
  await page.getByTestId('upload-files-input').setInputFiles(source.path);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(/^Waiting for the network/).first()).toBeVisible();
  // Stored, and waiting. The text shows as soon as the page knows it is offline, which can be while
  // the engine has just taken the job ('uploading') and not yet found the network gone.
  const queued = await waitForJob(page, source.name, (job) => job.state === 'queued' || job.state === 'paused');
  expect(queued.parts).toEqual([]);
  // The page keeps the file by copying it to the device (a worker of its own writes it), which on
  // a loaded machine takes a moment after the pick: the file is queued once that copy is whole.
  await waitForJob(page, source.name, (job) => job.resumable);
  // The page asked for a Background Sync, which the browser fires when it is online again.
  expect(
    await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync?: { getTags(): Promise<string[]> };
      };
      return (await registration.sync?.getTags()) ?? null;
    }),
  ).toContain('ulak-upload');

  const completes: number[] = [];
  context.on('response', (response) => {
    if (/\/uploads\/[^/]+\/complete$/.test(response.url()) && response.request().serviceWorker() !== null) {
      completes.push(response.status());
    }
  });
  // Every page closed; the network returns and at once the worker is stopped: nothing of the app
  // runs. (In this order because Playwright cannot change the emulated network of a stopped worker.)
  await page.close();
  await context.setOffline(false);
  await cdp.send('ServiceWorker.stopAllWorkers');
  await expect.poll(() => [...running.values()]).toEqual(['stopped']);
  expect(completes).toEqual([]);

  // Headless Chromium fires Background Sync on real connectivity changes, not on emulated ones, so
  // the test delivers the `sync` event the browser would, through the DevTools protocol.
  const origin = baseURL ?? '';
  const registrationId = registrations.get(`${origin}/`);
  expect(registrationId).toBeDefined();
  // Not awaited: the protocol answers when the event has ended, i.e. when the upload is done.
  const syncEvent = cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: registrationId ?? '',
    tag: 'ulak-upload',
    lastChance: false,
  });
  // The worker, started by the sync event alone, finishes the upload.
  await expect.poll(() => completes, { timeout: 120_000 }).toEqual([200]);
  await syncEvent;

  // Opened afterwards, Transfers shows the finished file.
  await watcher.goto('/upload');
  const row = watcher.getByRole('list', { name: 'Your files' }).getByRole('listitem', { name: source.name });
  await expect(row.getByText('3 days left')).toBeVisible();
  const [done] = await readJobs(watcher);
  expect(await openedSha256(watcher, origin, done ?? { name: '', shareId: null })).toEqual({
    sha256: source.sha256,
    size: source.size,
  });
});

test('offline, a reload shows the app shell and the last known Transfers list', async ({ page, context }) => {
  const file = await makeRandomFile(dir, 'kept offline.txt', 10_000);
  await openControlled(page);
  await page.getByTestId('upload-files-input').setInputFiles(file.path);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('region', { name: /Your share link/ })).toBeVisible({ timeout: 60_000 });

  await page.goto('/upload');
  const row = page.getByRole('list', { name: 'Your files' }).getByRole('listitem', { name: file.name });
  await expect(row.getByText('3 days left')).toBeVisible();
  // The list is saved to IndexedDB shortly after it is fetched.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('ulak-query-cache');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('queries')) return resolve(false);
              const get = db.transaction('queries').objectStore('queries').get('transfers');
              get.onsuccess = () => resolve(JSON.stringify(get.result ?? '').includes('kept offline.txt'));
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Your files' }).getByRole('listitem', { name: file.name }).getByText('3 days left'),
  ).toBeVisible();

  // Another screen of the shell opens offline too.
  await page.goto('/');
  await expect(page.getByTestId('upload-files-input')).toBeAttached();
});
