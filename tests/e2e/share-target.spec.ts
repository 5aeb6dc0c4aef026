import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { ANON_HEADERS, API } from './fixtures/admin';
import { openControlled, readJobs } from './fixtures/pwa';
import { SHARE_LINK, shareIdOfLink } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// Web Share Target: another app shares files to the installed app; the browser POSTs them as
// multipart/form-data to /share-target, where the service worker stores them and sends the person
// to /shared, one tap away from uploading.

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

test('the manifest declares the share target', async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    share_target?: { action: string; method: string; enctype: string; params: { files: { name: string }[] } };
  };
  expect(manifest.share_target).toMatchObject({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'files', accept: ['*/*'] }] },
  });
});

test('a share of two files, received by a stopped worker with no page open, is one tap from uploading', async ({
  context,
  page,
  baseURL,
}) => {
  await openControlled(page);
  // The app is installed; then every page is closed and the worker stopped, as when the system's
  // share sheet launches the app cold.
  await page.close();
  const launcher = await context.newPage();
  const cdp = await context.newCDPSession(launcher);
  const running = new Map<string, string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) running.set(version.versionId, version.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await expect.poll(() => [...running.values()]).toEqual(['stopped']);

  const photo = await makeRandomFile(dir, 'beach photo.jpg', 300_000);
  const notes = await makeRandomFile(dir, 'notes.txt', 2_000);
  // What the browser sends for a share: a top-level POST of multipart/form-data to the action.
  await launcher.setContent(`
    <form method="post" enctype="multipart/form-data" action="${baseURL}/share-target">
      <input name="title" value="From the gallery">
      <input name="text" value="Two files from a trip">
      <input type="file" name="files" multiple>
      <button>Share</button>
    </form>`);
  await launcher.locator('input[type=file]').setInputFiles([photo.path, notes.path]);
  const posted = launcher.waitForRequest((req) => req.url().endsWith('/share-target') && req.method() === 'POST');
  await launcher.getByRole('button', { name: 'Share' }).click();
  await posted;
  // The POST itself started the worker again.
  await expect.poll(() => [...running.values()]).toEqual(['running']);

  await expect(launcher).toHaveURL(/\/shared$/);
  await expect(launcher.getByRole('heading', { level: 1, name: 'Shared files' })).toBeVisible();
  const list = launcher.getByRole('list', { name: 'Shared files' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem', { name: 'beach photo.jpg' })).toContainText('292.97 KB');
  await expect(list.getByRole('listitem', { name: 'notes.txt' })).toContainText('1.95 KB');
  await expect(launcher.getByText('Two files from a trip')).toBeVisible();
  // The worker cannot prove that the system sent them, so the screen says where they may come from.
  await expect(launcher.getByText(/These files came from another app, or from a website/)).toBeVisible();

  // One tap: both go to the upload queue, and Transfers shows them finished with their links.
  await launcher.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(launcher).toHaveURL(/\/upload$/);
  const transfers = launcher.getByRole('list', { name: 'Your files' });
  for (const name of ['beach photo.jpg', 'notes.txt']) {
    // A finished file's row says how long its link lives; an upload's row shows progress instead.
    await expect(transfers.getByRole('listitem', { name }).getByText('3 days left')).toBeVisible({ timeout: 60_000 });
  }
  // Uploaded shares are not offered again.
  const jobs = await readJobs(launcher);
  expect(jobs.map((job) => [job.name, job.state]).sort()).toEqual([
    ['beach photo.jpg', 'done'],
    ['notes.txt', 'done'],
  ]);
  // They are end-to-end encrypted, as what Home sends: the link carries the key, and the server
  // knows the share as encrypted, with nothing of the key.
  const link = await launcher.getByRole('link', { name: SHARE_LINK }).first().getAttribute('href');
  expect(new URL(link ?? '', launcher.url()).hash).toMatch(/^#[A-Za-z0-9_-]{43}$/);
  const share = await launcher.request.get(`${API}/shares/${shareIdOfLink(link ?? '')}`, { headers: ANON_HEADERS });
  expect(((await share.json()) as { encryption: { keyCheck: string } | null }).encryption?.keyCheck).toMatch(
    /^[A-Za-z0-9_-]{22}$/,
  );
  await launcher.goto('/shared');
  await expect(launcher.getByText(/Nothing is waiting here/)).toBeVisible();
});

/**
 * A website on another origin (127.0.0.1 where the app is localhost: another site) whose page
 * submits a form to the app's share target as soon as it loads, with a file it made itself.
 */
async function startHostileSite(target: string): Promise<{ server: Server; url: (hide: boolean) => string }> {
  const server = createServer((req, res) => {
    const hide = req.url?.includes('hide=1') ?? false;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>${hide ? '<meta name="referrer" content="no-referrer">' : ''}
      <form method="post" enctype="multipart/form-data" action="${target}">
        <input name="text" value="Your payslip"><input type="file" name="files">
      </form>
      <script>
        const files = new DataTransfer();
        files.items.add(new File([new Uint8Array(1024 * 1024)], 'Payroll-2026.pdf.exe'));
        document.querySelector('input[type=file]').files = files.files;
        document.forms[0].submit();
      </script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: (hide) => `http://127.0.0.1:${port}/${hide ? '?hide=1' : ''}` };
}

for (const hide of [false, true]) {
  test(`a website's form posting files to the share target ${hide ? 'with its origin hidden ' : ''}plants nothing on /shared`, async ({
    page,
    baseURL,
  }) => {
    await openControlled(page);
    const site = await startHostileSite(`${baseURL}/share-target`);
    try {
      await page.goto(site.url(hide));
      await expect(page).toHaveURL(/\/shared\?refused=1$/);
      await expect(page.getByRole('alert')).toContainText(
        'A website tried to hand files to Ulak without you sharing them. They were not kept.',
      );
      await expect(page.getByText(/Nothing is waiting here/)).toBeVisible();
      await expect(page.getByText('Payroll-2026.pdf.exe')).toHaveCount(0);
    } finally {
      site.server.closeAllConnections();
      await new Promise((resolve) => site.server.close(resolve));
    }
  });
}
