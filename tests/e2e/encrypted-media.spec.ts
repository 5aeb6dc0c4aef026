import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openControlled, sendFromHome, strangerContext } from './fixtures/encrypted-transfer';
import { makeTempDir, removeDir, type TestFile } from './fixtures/test-files';

// A video of an end-to-end encrypted transfer previews in the browser's player and seeks: the
// service worker answers the player's Range requests with the plaintext of the records behind
// each, fetched from the bucket as ciphertext.

let dir: string;

test.beforeAll(async () => {
  dir = await makeTempDir();
});

test.afterAll(async () => {
  await removeDir(dir);
});

/** Six seconds of VP8 with a keyframe every second (tests/e2e/fixtures/seekable-clip.webm). */
async function clip(): Promise<TestFile> {
  const filePath = path.join(import.meta.dirname, 'fixtures', 'seekable-clip.webm');
  const bytes = await readFile(filePath);
  const name = 'seekable-clip.webm';
  return { path: filePath, name, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

test('an encrypted video previews and seeks, the service worker answering the player’s ranges', async ({
  page,
  browser,
}) => {
  const video = await clip();
  const link = await sendFromHome(page, [video.path], 1);

  const context = await strangerContext(browser);
  try {
    const visitor = await context.newPage();
    const answered: number[] = [];
    visitor.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/media-stream/')) answered.push(response.status());
    });
    await openControlled(visitor, link);
    await visitor.getByRole('button', { name: 'Preview', exact: true }).click();
    const player = visitor.locator('video');
    await expect(player).toBeVisible();
    await expect.poll(() => player.evaluate((media: HTMLVideoElement) => media.readyState)).toBeGreaterThanOrEqual(1);
    expect(await player.evaluate((media: HTMLVideoElement) => media.duration)).toBeCloseTo(6, 0);
    const landed = await player.evaluate(
      (media: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          media.addEventListener('seeked', () => resolve(media.currentTime), { once: true });
          media.currentTime = 4;
        }),
    );
    expect(landed).toBeCloseTo(4, 1);
    // The frame there is decoded and shown, not only the clock moved.
    await expect.poll(() => player.evaluate((media: HTMLVideoElement) => media.readyState)).toBeGreaterThanOrEqual(2);
    expect(await player.evaluate((media: HTMLVideoElement) => new URL(media.currentSrc).pathname)).toMatch(
      /^\/media-stream\//,
    );
    expect(answered).toContain(206);
  } finally {
    await context.close();
  }
});
