import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { OwnedFiles } from '../../supabase/functions/_shared/domain/api-types';
import { ANON_HEADERS, API } from './fixtures/admin';
import { waitForApp } from './fixtures/app-live';
import { uploadFromHome } from './fixtures/share-flow';
import { makeRandomFile, makeTempDir, removeDir, sha256OfFile, type TestFile } from './fixtures/test-files';
import { createTransfer, makePng, makeText, makeWav, uploadIntoTransfer } from './fixtures/transfer-upload';
import { saveThroughWorker } from './fixtures/encrypted-transfer';

// The recipient's side of a transfer: one link for three files and a folder with a subfolder, sent
// through the API to the real host; each test opens it in a fresh browser context (a stranger).

interface Sent {
  link: string;
  files: { file: TestFile; folder: string }[];
}

let dir: string;
let sending: Promise<Sent> | null = null;
let sendingMedia: Promise<string> | null = null;

/** The transfer every test receives, sent once. */
function sent(origin: string): Promise<Sent> {
  sending ??= (async () => {
    const files = [
      {
        file: await makeText(dir, 'notes.txt', 'Merhaba, here are the holiday files.\nSee you soon.'),
        folder: '',
        type: 'text/plain',
      },
      { file: await makePng(dir, 'pixel.png', 7, 5), folder: '', type: 'image/png' },
      { file: await makeWav(dir, 'tone.wav', 4), folder: '', type: 'audio/wav' },
      {
        file: await makeRandomFile(dir, 'album/cover.bin', 200_000),
        folder: 'album',
        type: 'application/octet-stream',
      },
      {
        file: await makeRandomFile(dir, 'album/2026/deep ç.bin', 6 * 1024 * 1024),
        folder: 'album/2026',
        type: 'application/octet-stream',
      },
      { file: await makeText(dir, 'readme.txt', 'inside the subfolder'), folder: 'album/2026', type: 'text/plain' },
    ];
    const transfer = await createTransfer(origin, { senderName: 'Ayşe <i>', message: 'Photos from <b>Bodrum</b>' });
    for (const { file, folder, type } of files) await uploadIntoTransfer(origin, transfer, file, folder, type);
    return { link: `${origin}/s/${transfer.shareId}`, files };
  })();
  return sending;
}

/** A committed file of tests/e2e/fixtures as a test file. */
async function fixture(name: string): Promise<TestFile> {
  const filePath = path.join(import.meta.dirname, 'fixtures', name);
  const bytes = await readFile(filePath);
  return { path: filePath, name, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * A second transfer, of media made elsewhere: a hand-written PDF of two pages, and six seconds of
 * VP8 video with a keyframe every second (ffmpeg's testsrc: `-c:v libvpx -g 10 -keyint_min 10
 * -cues_to_front 1`, 50 KB), which no machine of the suite could encode. Its link.
 */
function sentMedia(origin: string): Promise<string> {
  sendingMedia ??= (async () => {
    const transfer = await createTransfer(origin, {});
    await uploadIntoTransfer(origin, transfer, await fixture('two-pages.pdf'), '', 'application/pdf');
    await uploadIntoTransfer(origin, transfer, await fixture('seekable-clip.webm'), '', 'video/webm');
    return `${origin}/s/${transfer.shareId}`;
  })();
  return sendingMedia;
}

test.beforeAll(async () => {
  dir = await makeTempDir();
});

test.afterAll(async () => {
  await removeDir(dir);
});

/**
 * The page for a stranger: a fresh context, the link opened, the list there; with `live`, once the
 * app has taken the page over (what a tap before then does is first-paint.spec.ts's matter).
 */
async function openAsStranger(page: Page, link: string, live = false, title = '6 files'): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  if (live) await waitForApp(page);
}

test('in a fresh context the page lists all six files under their folders, and who sent them', async ({
  page,
  baseURL,
}) => {
  const { link, files } = await sent(baseURL ?? '');
  await openAsStranger(page, link);
  for (const { file, folder } of files) {
    const group = page.getByRole('region', { name: folder || 'Not in a folder', exact: true });
    await expect(group.getByRole('listitem', { name: folder ? `${folder}/${file.name}` : file.name })).toBeVisible();
  }
  await expect(page.getByText('From Ayşe <i>')).toBeVisible();
  await expect(page.getByText('Photos from <b>Bodrum</b>')).toBeVisible();
  // Download all comes before sharing onward.
  const downloadAll = page.getByRole('button', { name: 'Download all' });
  const copy = page.getByRole('button', { name: 'Copy link' });
  expect((await downloadAll.boundingBox())?.y ?? Infinity).toBeLessThan((await copy.boundingBox())?.y ?? 0);
});

/** The zip at `zip` holds exactly the sent files, by folder, byte for byte. */
function expectZipOf(zip: string, files: Sent['files']): void {
  const entries = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
  const expected = files.map(({ file, folder }) => (folder ? `${folder}/${file.name}` : file.name));
  expect(entries).toEqual([...expected].sort());
  for (const { file, folder } of files) {
    const entry = folder ? `${folder}/${file.name}` : file.name;
    const bytes = execFileSync('unzip', ['-p', zip, entry], { maxBuffer: 64 * 1024 * 1024 });
    expect(createHash('sha256').update(bytes).digest('hex'), entry).toBe(file.sha256);
  }
}

test('Download all saves one zip whose entries are the files by folder, byte for byte', async ({ page, baseURL }) => {
  const { link, files } = await sent(baseURL ?? '');
  // The service worker's way (the one every engine has): the save dialog cannot be answered here.
  await saveThroughWorker(page);
  await openAsStranger(page, link, true);
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Download all' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^[A-Za-z0-9]{8}\.zip$/);
  const zip = path.join(dir, 'all.zip');
  await download.saveAs(zip);
  await expect(page.getByText('The zip has been saved.')).toBeVisible({ timeout: 60_000 });
  expectZipOf(zip, files);
});

test('a tap on Download all starts the zip while the app has not loaded', async ({ page, baseURL }) => {
  const { link, files } = await sent(baseURL ?? '');
  // None of the app's scripts ever arrive (a slow phone's first seconds, made endless).
  await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
  await openAsStranger(page, link);
  const downloading = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Download all' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${link.split('/').pop() ?? ''}.zip`);
  const zip = path.join(dir, 'early.zip');
  await download.saveAs(zip);
  expectZipOf(zip, files);
});

test('one file of the transfer downloads alone', async ({ page, baseURL }) => {
  const { link, files } = await sent(baseURL ?? '');
  const deep = files.find(({ file }) => file.name === 'deep ç.bin')?.file;
  if (!deep) throw new Error('the test transfer has no deep ç.bin');
  await openAsStranger(page, link);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download deep ç.bin' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('deep ç.bin');
  const saved = path.join(dir, 'alone.bin');
  await download.saveAs(saved);
  expect(await sha256OfFile(saved)).toBe(deep.sha256);
});

test('a PNG previews at its own pixel size, and a text file’s words show', async ({ page, baseURL }) => {
  const { link } = await sent(baseURL ?? '');
  await openAsStranger(page, link, true);
  await page.getByRole('button', { name: 'Preview pixel.png' }).click();
  const image = page.getByRole('img', { name: 'pixel.png' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight]))
    .toEqual([true, 7, 5]);
  await page.getByRole('button', { name: 'Preview notes.txt' }).click();
  await expect(page.getByText('Merhaba, here are the holiday files.')).toBeVisible();
});

/**
 * Previews `name` on the page at `link` in the browser's `<audio>` or `<video>`, checks its length
 * in seconds, seeks to `to` and answers where it landed; `ranged` collects the statuses of the
 * bucket's answers to Range requests.
 */
async function previewAndSeek(
  page: Page,
  {
    link,
    title,
    name,
    player: tag,
    seconds,
    to,
  }: {
    link: string;
    title: string;
    name: string;
    player: 'audio' | 'video';
    seconds: number;
    to: number;
  },
): Promise<{ landed: number; ranged: number[] }> {
  const ranged: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/storage/') && response.request().headers()['range']) ranged.push(response.status());
  });
  await openAsStranger(page, link, true, title);
  await page.getByRole('button', { name: `Preview ${name}` }).click();
  const player = page.locator(tag);
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((media: HTMLMediaElement) => media.readyState)).toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((media: HTMLMediaElement) => media.duration)).toBeCloseTo(seconds, 0);
  const landed = await player.evaluate(
    (media: HTMLMediaElement, time) =>
      new Promise<number>((resolve) => {
        media.addEventListener('seeked', () => resolve(media.currentTime), { once: true });
        media.currentTime = time;
      }),
    to,
  );
  // The frame there is decoded and shown, not only the clock moved.
  await expect.poll(() => player.evaluate((media: HTMLMediaElement) => media.readyState)).toBeGreaterThanOrEqual(2);
  return { landed, ranged };
}

test('an audio file previews in the browser’s player and seeks, reading the bytes by range', async ({
  page,
  baseURL,
}) => {
  const { link } = await sent(baseURL ?? '');
  const options = { link, title: '6 files', name: 'tone.wav', player: 'audio', seconds: 4, to: 3 } as const;
  const { landed, ranged } = await previewAndSeek(page, options);
  expect(landed).toBeCloseTo(3, 1);
  expect(ranged).toContain(206);
});

test('a tap on a file’s Download starts the download while the app has not loaded', async ({ page, baseURL }) => {
  const { link } = await sent(baseURL ?? '');
  // None of the app's scripts ever arrive (a slow phone's first seconds, made endless).
  await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
  await openAsStranger(page, link);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download notes.txt' }).click();
  expect((await downloading).suggestedFilename()).toBe('notes.txt');
});

test('a PDF previews page by page on a canvas, with its page count, and nothing breaks the page’s CSP', async ({
  page,
  baseURL,
}) => {
  const link = await sentMedia(baseURL ?? '');
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await openAsStranger(page, link, true, '2 files');
  await page.getByRole('button', { name: 'Preview two-pages.pdf' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible({ timeout: 30_000 });
  const inked = (name: string) =>
    page.getByRole('img', { name }).evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) < 128 && (pixels[i + 3] ?? 0) > 0) dark++;
      return canvas.width > 0 && dark > 100;
    });
  await expect.poll(() => inked('two-pages.pdf, page 1')).toBe(true);
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect.poll(() => inked('two-pages.pdf, page 2')).toBe(true);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  // pdf.js parses in a worker of its own, never on the page's thread.
  expect(page.workers().some((worker) => /pdf/i.test(worker.url()))).toBe(true);
  expect(page.url()).toBe(link);
  expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual([]);
});

test('a video previews in the browser’s player and seeks to a later second, reading the bytes by range', async ({
  page,
  baseURL,
}) => {
  const link = await sentMedia(baseURL ?? '');
  const options = { link, title: '2 files', name: 'seekable-clip.webm', player: 'video', seconds: 6, to: 4 } as const;
  const { landed, ranged } = await previewAndSeek(page, options);
  expect(landed).toBeCloseTo(4, 1);
  expect(ranged).toContain(206);
});

test('a preview is not a download: the uploader’s count moves only when the file is downloaded', async ({
  page,
  browser,
}) => {
  const file = await makeText(dir, 'count-me.txt', 'Counted only when it is downloaded.');
  const [link] = await uploadFromHome(page, [file.path]);
  /** Transfers' count for the file, once the page has the server's answer (not its stored copy). */
  const downloads = async (count: number) => {
    const looked = page.waitForResponse((r) => r.url().includes('/files/lookup') && r.ok());
    await page.goto('/upload');
    const owned = (await (await looked).json()) as OwnedFiles;
    const files = [...owned.files, ...owned.transfers.flatMap((transfer) => transfer.files)];
    expect(files.find((f) => f.name === 'count-me.txt')?.downloadCount).toBe(count);
    const row = page.getByRole('listitem', { name: 'count-me.txt' });
    await expect(row.getByText(count === 1 ? '1 download' : `${count} downloads`)).toBeVisible({ timeout: 30_000 });
  };
  await downloads(0);

  const recipient = await browser.newContext();
  // A first visit with no worker in control yet would open Chromium's save dialog for the
  // encrypted file, which nothing answers here: the worker's way (every engine has it) is taken.
  await saveThroughWorker(recipient);
  try {
    const stranger = await recipient.newPage();
    await stranger.goto(link ?? '');
    await waitForApp(stranger);
    await stranger.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(stranger.getByText('Counted only when it is downloaded.')).toBeVisible();
    await downloads(0);

    const downloading = stranger.waitForEvent('download');
    await stranger.getByRole('button', { name: 'Download file', exact: true }).click();
    expect((await downloading).suggestedFilename()).toBe('count-me.txt');
    await downloads(1);
  } finally {
    await recipient.close();
  }
});

test('a hostile path is refused with 400 invalid_path, and nothing of it is listed on the transfer’s page', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const transfer = await createTransfer(origin, {});
  await uploadIntoTransfer(origin, transfer, await makeText(dir, 'kept-a.txt', 'a'), '', 'text/plain');
  await uploadIntoTransfer(origin, transfer, await makeText(dir, 'kept-b.txt', 'b'), 'docs', 'text/plain');
  for (const hostile of ['../x', '/abs', 'docs/\u0007bell']) {
    const res = await request.post(`${API}/uploads`, {
      headers: ANON_HEADERS,
      data: {
        name: 'evil.txt',
        size: 4,
        type: 'text/plain',
        path: hostile,
        transfer: { shareId: transfer.shareId, ownerToken: transfer.ownerToken },
      },
    });
    expect(res.status(), JSON.stringify(hostile)).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_path' });
  }
  await openAsStranger(page, `${origin}/s/${transfer.shareId}`, false, '2 files');
  await expect(page.getByRole('listitem', { name: 'kept-a.txt' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'docs/kept-b.txt' })).toBeVisible();
  await expect(page.getByText('evil.txt')).toHaveCount(0);
});
