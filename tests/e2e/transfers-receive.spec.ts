import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { makeRandomFile, makeTempDir, removeDir, sha256OfFile, type TestFile } from './fixtures/test-files';
import { createTransfer, makePng, makeText, makeWav, uploadIntoTransfer } from './fixtures/transfer-upload';

// The recipient's side of a transfer: one link for three files and a folder with a subfolder, sent
// through the API to the real host; each test opens it in a fresh browser context (a stranger).

interface Sent {
  link: string;
  files: { file: TestFile; folder: string }[];
}

let dir: string;
let sending: Promise<Sent> | null = null;

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
async function openAsStranger(page: Page, link: string, live = false): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: '6 files' })).toBeVisible();
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

test('Download all saves one zip whose entries are the files by folder, byte for byte', async ({ page, baseURL }) => {
  const { link, files } = await sent(baseURL ?? '');
  // The service worker's way (the one every engine has): the save dialog cannot be answered here.
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await openAsStranger(page, link, true);
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Download all' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^[A-Za-z0-9]{8}\.zip$/);
  const zip = path.join(dir, 'all.zip');
  await download.saveAs(zip);
  await expect(page.getByText('The zip has been saved.')).toBeVisible({ timeout: 60_000 });

  const entries = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
  const expected = files.map(({ file, folder }) => (folder ? `${folder}/${file.name}` : file.name));
  expect(entries).toEqual([...expected].sort());
  for (const { file, folder } of files) {
    const entry = folder ? `${folder}/${file.name}` : file.name;
    const bytes = execFileSync('unzip', ['-p', zip, entry], { maxBuffer: 64 * 1024 * 1024 });
    expect(createHash('sha256').update(bytes).digest('hex'), entry).toBe(file.sha256);
  }
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

test('an audio file previews in the browser’s player and seeks, reading the bytes by range', async ({
  page,
  baseURL,
}) => {
  const { link } = await sent(baseURL ?? '');
  const ranged: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/storage/') && response.request().headers()['range']) ranged.push(response.status());
  });
  await openAsStranger(page, link, true);
  await page.getByRole('button', { name: 'Preview tone.wav' }).click();
  const player = page.locator('audio');
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState)).toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(4, 1);
  const seeked = await player.evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        audio.addEventListener('seeked', () => resolve(audio.currentTime), { once: true });
        audio.currentTime = 3;
      }),
  );
  expect(seeked).toBeCloseTo(3, 1);
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
