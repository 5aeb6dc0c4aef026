import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { MIB, PARTS_IN_FLIGHT } from '../../supabase/functions/_shared/domain/constants';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startCountingProxy, type CountingProxy } from './fixtures/counting-proxy';
import { killBrowser } from './fixtures/kill-browser';
import { openedSha256 } from './fixtures/encrypted';
import { openControlled, readJobs, waitForJob } from './fixtures/pwa';
import { makeRandomFile, makeTempDir, removeDir } from './fixtures/test-files';

// An upload survives a killed browser from its first visible progress on: the browser process is
// killed (SIGKILL) when the page shows 5 %, 20 % and 50 % of a 300 MiB upload, started again on the
// same profile, and the app opened. The upload completes by itself from what the device kept (the
// part ETags in IndexedDB, the file's copy in the origin private file system, the transfer's link
// key), and the stored bytes open with that key to the same SHA-256: uploads from Home are
// encrypted, and a part sealed again after the crash is the same bytes as the first time.
//
// How "the bucket finished no part twice" is observed: the browser reaches the host through an
// HTTP proxy of the test (fixtures/counting-proxy.ts) that records every part PUT and the bucket's
// answer, whoever sent it (page or service worker), and even when the browser died meanwhile. The
// same proxy makes the first run's link slow, a part at a time, so that 5 % is a moment the page
// shows on any machine; the second run goes at full speed.

const SIZE = 300 * MIB;
/**
 * The first run's link after its first part: 80 MiB/s (a fast fibre uplink), a part at a time, so a
 * 300 MiB upload takes about 4 s and moves 2.7 % a part: 5 % shows for a tenth of a second.
 */
const LINK_BYTES_PER_SECOND = 80 * MIB;

let dir: string;
let profile: string;
let proxy: CountingProxy;

test.beforeEach(async () => {
  dir = await makeTempDir();
  profile = await mkdtemp(path.join(tmpdir(), 'ulak-e2e-profile-'));
  proxy = await startCountingProxy();
});

test.afterEach(async () => {
  await proxy.close();
  await removeDir(dir);
  await rm(profile, { recursive: true, force: true });
});

function launch(baseURL: string, options: { offline?: boolean } = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    // Playwright sends loopback traffic through the proxy too (it adds <-loopback> to the bypass list).
    proxy: { server: proxy.url },
    ...options,
  });
}

function finishedParts(run: number): number[] {
  return proxy.answers.filter((a) => a.run === run && a.status === 200).map((a) => a.partNumber);
}

for (const killAt of [5, 20, 50]) {
  test(`an encrypted upload killed at ${killAt} % resumes by itself with the same bytes, sending no stored part again`, async ({
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const source = await makeRandomFile(dir, 'big video.mp4', SIZE);
    const origin = baseURL ?? '';

    // First run: a returning visitor (the app has uploaded before, so the upload starts at once)
    // uploads over a fast link; the browser is killed once the page shows killAt %.
    const warmUp = await makeRandomFile(dir, 'small note.txt', MIB);
    const first = await launch(origin);
    const page = first.pages()[0] ?? (await first.newPage());
    await openControlled(page);
    await page.getByTestId('upload-files-input').setInputFiles(warmUp.path);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await waitForJob(page, warmUp.name, (job) => job.state === 'done');
    proxy.answers.length = 0;
    proxy.started.length = 0;
    proxy.throttleParts(LINK_BYTES_PER_SECOND);
    await page.getByTestId('upload-files-input').setInputFiles(source.path);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForFunction(
      (percent) =>
        Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0) >= percent,
      killAt,
      { polling: 10, timeout: 120_000 },
    );
    // All at once, as a crash or the system's task killer would: no process of the browser goes on.
    killBrowser(profile);
    await new Promise((resolve) => first.once('close', resolve));
    // Let a part whose body had all reached the proxy get its answer from the bucket.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    proxy.setRun(2);
    proxy.throttleParts(null);

    // What IndexedDB kept, read on the same profile offline: any page of the origin starts the
    // worker, which resumes the upload at once; offline, it can send nothing while we look.
    const inspect = await launch(origin, { offline: true });
    const inspector = inspect.pages()[0] ?? (await inspect.newPage());
    await inspector.goto('/');
    const stored = (await readJobs(inspector)).find((job) => job.name === source.name);
    await inspect.close();
    const storedParts = new Set(stored?.parts.map((part) => part.partNumber));
    const partCount = stored?.partCount ?? 0;
    expect(storedParts.size).toBeLessThan(partCount);

    // Second run: the same profile, the app opened again. Nothing else is done.
    const second = await launch(origin);
    try {
      const reopened = second.pages()[0] ?? (await second.newPage());
      await reopened.goto('/');
      const done = await waitForJob(
        reopened,
        source.name,
        (job) => job.state === 'done' || job.state === 'failed',
        240_000,
      );
      expect(done.state).toBe('done');
      expect(done.parts).toHaveLength(partCount);

      const firstFinished = new Set(finishedParts(1));
      const secondFinished = finishedParts(2);
      const secondStarted = proxy.started.filter((s) => s.run === 2).map((s) => s.partNumber);
      // No part whose ETag was stored was sent again.
      expect(secondStarted.filter((part) => storedParts.has(part))).toEqual([]);
      // Parts the bucket finished but whose answer the dead browser never read are not sent again
      // either: on resume the engine asks the API which parts the bucket holds (ListParts). Only the
      // parts cut off mid-transfer (at most PARTS_IN_FLIGHT) go again.
      const finishedTwice = secondFinished.filter((part) => firstFinished.has(part));
      expect(finishedTwice).toEqual([]);
      const firstStarted = new Set(proxy.started.filter((s) => s.run === 1).map((s) => s.partNumber));
      const cutOff = [...firstStarted].filter((part) => !firstFinished.has(part));
      expect(cutOff.length).toBeLessThanOrEqual(PARTS_IN_FLIGHT);
      expect(new Set([...firstFinished, ...secondFinished]).size).toBe(partCount);
      expect(secondFinished).toHaveLength(new Set(secondFinished).size);
      const resent = secondStarted.filter((part) => firstStarted.has(part));
      console.log(
        `killed at ${killAt} % with ${storedParts.size}/${partCount} parts stored (${firstFinished.size} finished by the bucket,`,
        `copy in ${stored?.copyPlace ?? 'nothing'}, ${stored?.resumable === true ? 'complete' : 'incomplete'}); second run sent ${secondStarted.length} parts;`,
        `${finishedTwice.length} finished part(s) sent again; ${resent.length} part(s) of the first run sent again`,
        `(${(resent.length * 8 * MIB) / MIB} MiB)`,
      );

      expect(done.shareId).not.toBeNull();
      // Every record of the object opens under the key the device kept (a part sealed twice
      // differently, or under another key, would not), to the bytes that were picked.
      expect(await openedSha256(reopened, origin, done)).toEqual({ sha256: source.sha256, size: SIZE });
    } finally {
      await second.close();
    }
  });
}
