// The cross-engine paths in WebKitGTK (the engine of Safari and every iPhone browser), driven by
// WebKitWebDriver under Xvfb, against the one host of the engines suite (global-setup.ts). This
// WebKit has no WebRTC: a direct transfer's receiver must say so instead of blaming the network.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIB } from '../../supabase/functions/_shared/domain/constants';
import { COPY_CHUNK_BYTES } from '../../src/lib/upload-engine/device-copy/copy-writer';
import { text } from '../e2e/fixtures/locales';
import { makeRandomFile, makeTempDir, removeDir } from '../e2e/fixtures/test-files';
import { uploadThroughApi } from './fixtures/api-upload';
import { byText, waitFor, waitForText, type Engine, type WindowedPage } from './fixtures/engine';
import { launchChromium } from './fixtures/puppeteer-engine';
import { launchWebKit } from './fixtures/webkit-engine';
import {
  downloadFromPage,
  firstVisitDownload,
  serviceWorkerControls,
  uploadFromHome,
  waitForApp,
} from './cross-engine-paths';
import { offerFromChromium } from './direct-transfer';
import { downloadAll, expectedEntries, previews, sendTransfer } from './transfer-page';
import { resumeAfterPagesClosed } from './upload-paths';

const origin = inject('origin');
let webkit: Engine<WindowedPage>;
let dir: string;

beforeAll(async () => {
  dir = await makeTempDir();
  webkit = await launchWebKit();
});

afterAll(async () => {
  await webkit?.quit();
  await removeDir(dir);
});

describe('WebKitGTK', () => {
  it("downloads a shared file from the recipient's page with the same bytes", async () => {
    const file = await makeRandomFile(dir, 'quarterly report.zip', 1_234_567);
    const link = await uploadThroughApi(origin, file, 'application/zip');
    const page = await webkit.newPage();
    try {
      expect(await downloadFromPage(webkit, page, link, file)).toBe(file.sha256);
    } finally {
      await page.close();
    }
  });

  it('uploads from Home and gives a link whose download has the same bytes', async () => {
    const file = await makeRandomFile(dir, 'holiday.jpg', 6 * 1024 * 1024 + 11);
    const page = await webkit.newPage();
    try {
      const link = await uploadFromHome(page, origin, file);
      expect(link).toMatch(/\/s\/[A-Za-z0-9]{8}#[A-Za-z0-9_-]{43}$/);
      expect(await downloadFromPage(webkit, page, link, file)).toBe(file.sha256);
    } finally {
      await page.close();
    }
  });

  it('resumes an upload whose pages all closed mid-way once Ulak is opened again: from the copy it kept, no part sent twice, the same bytes', async () => {
    // A session's storage dies with its browser (docs/testing.md), so it is the pages that go, not
    // the browser. Three chunks of the copy, the first a part and a bit: parts are read across seams.
    const file = await makeRandomFile(dir, 'site survey.mov', 2 * COPY_CHUNK_BYTES + 13 * MIB + 7);
    const resumed = await resumeAfterPagesClosed(webkit, origin, file, 1);
    expect(resumed).toEqual({
      // Where WebKit keeps it (no synchronous OPFS access handles here), the whole file.
      copy: { place: 'idb', from: 0 },
      finishedBeforeClose: [1],
      droppedWithPage: [2, 3, 4, 5],
      state: 'done',
      failure: null,
      sentAfterReopen: [2, 3, 4, 5, 6],
      finishedTwice: [],
      everyPartFinished: true,
      sha256: file.sha256,
    });
  });

  it("saves an encrypted file on a stranger's first tap of Download, with the same bytes and none of the app", async () => {
    const file = await makeRandomFile(dir, 'first visit.pdf', 300_000);
    expect(await firstVisitDownload(webkit, origin, file)).toEqual({ sha256: file.sha256, appStarted: false });
  });

  it('is controlled by the service worker', async () => {
    const page = await webkit.newPage();
    try {
      expect(await serviceWorkerControls(page, origin)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('loads Home with no complaint about its Content-Security-Policy', async () => {
    const page = await webkit.newPage();
    try {
      const before = webkit.consoleLines?.length ?? 0;
      await page.goto(`${origin}/`);
      await waitForApp(page);
      // The console's lines of this visit: WebKit says there what it cannot make of the policy.
      const lines = webkit.consoleLines?.slice(before) ?? [];
      expect(lines.filter((line) => /Content-Security-Policy/i.test(line))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("saves a transfer's Download all as a zip of the sent files, and previews an image and a text file", async () => {
    const sent = await sendTransfer(origin, dir);
    const page = await webkit.newPage();
    try {
      expect(await downloadAll(webkit, page, sent)).toEqual(expectedEntries(sent));
      expect(await previews(page, sent)).toEqual({ image: [7, 5], words: true });
    } finally {
      await page.close();
    }
  });

  it('copies the link on the first tap of Copy link on a cold download page', async () => {
    const file = await makeRandomFile(dir, 'contract.txt', 2048);
    const link = await uploadThroughApi(origin, file, 'text/plain');
    const page = await webkit.newPage();
    try {
      await page.goto(link);
      await waitForText(page, file.name);
      // The first intent of this visit: the app starts on it, and the tap is held until it is live.
      await page.coldClick(byText(text('en', 'shareActions.copyLink'), 'button'));
      await waitForApp(page);
      await waitForText(page, text('en', 'shareActions.copied'));
    } finally {
      await page.close();
    }
  });

  it('says that this browser cannot do direct transfer, not that a firewall is in the way', async () => {
    const file = await makeRandomFile(dir, 'direct.bin', 100_000);
    const chromium = await launchChromium();
    const receiver = await webkit.newPage();
    try {
      const sender = await chromium.newPage();
      const link = await offerFromChromium(sender, origin, file);
      await receiver.goto(link);
      const shown = await waitFor<string>(
        receiver,
        'the transfer error',
        `return document.querySelector('[role="alert"]')?.textContent?.trim() ?? '';`,
      );
      expect(shown).toContain(text('en', 'p2p.errors.unsupported-browser'));
    } finally {
      await receiver.close();
      await chromium.quit();
    }
  });
});
