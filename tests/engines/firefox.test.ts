// The cross-engine paths in Firefox ESR, driven over WebDriver BiDi, against the one host of the
// engines suite (global-setup.ts). Firefox has WebRTC but no File System Access and no Background
// Sync: a direct transfer lands in the site's private storage and is saved from there, and an
// upload under way says that it needs a page of the app open.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIB } from '../../supabase/functions/_shared/domain/constants';
import { text } from '../e2e/fixtures/locales';
import { makeRandomFile, makeTempDir, removeDir } from '../e2e/fixtures/test-files';
import { uploadThroughApi } from './fixtures/api-upload';
import { waitForText, type Engine } from './fixtures/engine';
import { launchChromium, launchFirefox } from './fixtures/puppeteer-engine';
import {
  downloadFromPage,
  firstVisitDownload,
  serviceWorkerControls,
  uploadFromHome,
  waitForApp,
} from './cross-engine-paths';
import { acceptAndSave, confirmOnChromium, offerFromChromium, storageNote } from './direct-transfer';
import { downloadAll, expectedEntries, previews, sendTransfer } from './transfer-page';
import { whatUploadingPagesSay } from './upload-paths';

const origin = inject('origin');
let firefox: Engine;
let dir: string;

beforeAll(async () => {
  dir = await makeTempDir();
  firefox = await launchFirefox();
});

afterAll(async () => {
  await firefox?.quit();
  await removeDir(dir);
});

describe('Firefox ESR', () => {
  it("downloads a shared file from the recipient's page with the same bytes", async () => {
    const file = await makeRandomFile(dir, 'quarterly report.zip', 1_234_567);
    const link = await uploadThroughApi(origin, file, 'application/zip');
    const page = await firefox.newPage();
    try {
      expect(await downloadFromPage(firefox, page, link, file)).toBe(file.sha256);
    } finally {
      await page.close();
    }
  });

  it('uploads from Home and gives a link whose download has the same bytes', async () => {
    const file = await makeRandomFile(dir, 'holiday.jpg', 6 * 1024 * 1024 + 11);
    const page = await firefox.newPage();
    try {
      const link = await uploadFromHome(page, origin, file);
      expect(link).toMatch(/\/s\/[A-Za-z0-9]{8}#[A-Za-z0-9_-]{43}$/);
      expect(await downloadFromPage(firefox, page, link, file)).toBe(file.sha256);
    } finally {
      await page.close();
    }
  });

  it("saves an encrypted file on a stranger's first tap of Download, with the same bytes and none of the app", async () => {
    const file = await makeRandomFile(dir, 'first visit.pdf', 300_000);
    expect(await firstVisitDownload(firefox, origin, file)).toEqual({ sha256: file.sha256, appStarted: false });
  });

  it('is controlled by the service worker', async () => {
    const page = await firefox.newPage();
    try {
      expect(await serviceWorkerControls(page, origin)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('says on Home and in Transfers that an upload goes on only while a Ulak page is open', async () => {
    const file = await makeRandomFile(dir, 'slow upload.bin', 24 * MIB);
    const said = await whatUploadingPagesSay(firefox, origin, file);
    expect(said).toEqual({
      home: text('en', 'upload.card.uploadingKeepOpen'),
      transfersNote: text('en', 'transfers.keepOpen'),
    });
  });

  it("saves a transfer's Download all as a zip of the sent files, and previews an image and a text file", async () => {
    const sent = await sendTransfer(origin, dir);
    const page = await firefox.newPage();
    try {
      expect(await downloadAll(firefox, page, sent)).toEqual(expectedEntries(sent));
      expect(await previews(page, sent)).toEqual({ image: [7, 5], words: true });
    } finally {
      await page.close();
    }
  });

  it('a first tap on TR on a cold download page switches the language', async () => {
    const file = await makeRandomFile(dir, 'notes.txt', 2048);
    const link = await uploadThroughApi(origin, file, 'text/plain');
    const page = await firefox.newPage();
    try {
      await page.goto(link);
      await waitForText(page, file.name);
      // The first intent of this visit: the app starts on it, and the tap is held until it is live.
      await page.coldClick({ xpath: `//label[normalize-space(.)='${text('en', 'language.short.tr')}']` });
      await waitForApp(page);
      await waitForText(page, text('tr', 'download.download'));
      expect(await page.run('return document.documentElement.lang')).toBe('tr');
    } finally {
      await page.close();
    }
  });

  it('receives a direct transfer from Chromium into its private storage, with the same bytes', async () => {
    const file = await makeRandomFile(dir, 'direct.bin', 3 * 1024 * 1024 + 5);
    const chromium = await launchChromium();
    const receiver = await firefox.newPage();
    try {
      const sender = await chromium.newPage();
      const link = await offerFromChromium(sender, origin, file);
      await receiver.goto(link);
      await confirmOnChromium(sender, receiver);
      // No File System Access here: the page says where the files go instead of a save picker.
      expect(await storageNote(receiver)).toContain(text('en', 'p2p.receive.storagePrivate').split(';')[0]);
      expect(await acceptAndSave(firefox, receiver, file)).toBe(file.sha256);
      await waitForText(sender, text('en', 'p2p.send.done'));
    } finally {
      await receiver.close();
      await chromium.quit();
    }
  });
});
