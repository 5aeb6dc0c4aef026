// Direct transfer as a person goes through it, between two Chromium contexts through the real
// host's PeerJS server: a receive link confirms the way a typed code does (one safety code to
// compare, the sender confirms), several received files are saved with one press, and on a
// laptop's screen the sender sees what it must without scrolling.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { text } from './fixtures/locales';
import { confirmCodes, expectDigests, safetyCode, shareFiles, test, type ContextOptions } from './fixtures/p2p';
import { makeRandomFile, makeTempDir, removeDir, sha256OfFile, type TestFile } from './fixtures/test-files';

const MB = 1000 * 1000;

test.setTimeout(10 * 60_000);

let dir = '';
test.beforeAll(async () => {
  dir = await makeTempDir();
});
test.afterAll(async () => {
  await removeDir(dir);
});

/** Three files in a folder with a sub-folder, as `album/...`. */
async function album(name: string): Promise<{ folder: string; files: TestFile[] }> {
  const folder = `${dir}/${name}/album`;
  const files = [
    await makeRandomFile(folder, 'a.jpg', 2 * MB + 3),
    await makeRandomFile(folder, 'inner/b.txt', 1234),
    await makeRandomFile(folder, 'inner/c.bin', 700_000),
  ];
  return { folder, files };
}

/** The receiver accepts and waits until every file is in. */
async function acceptAll(receiver: Page) {
  await receiver.getByRole('button', { name: text('en', 'p2p.receive.accept') }).click();
  await expect(receiver.getByText(text('en', 'p2p.receive.done'))).toBeVisible({ timeout: 5 * 60_000 });
}

/**
 * Sends an album from one context to a receiver whose pages run `initScript` first; returns the
 * receiving page once every file is in, and its "Save all" note.
 */
async function receiveAlbum(
  newContext: (...options: ContextOptions) => Promise<BrowserContext>,
  name: string,
  initScript: () => void,
) {
  const { folder, files } = await album(name);
  const receiver = await newContext('en', initScript);
  const senderPage = await (await newContext()).newPage();
  const link = await shareFiles(senderPage, { folder });
  const receiverPage = await receiver.newPage();
  await receiverPage.goto(link);
  await confirmCodes(senderPage, receiverPage);
  await acceptAll(receiverPage);
  return { files, receiverPage, note: receiverPage.getByTestId('p2p-save-all-note') };
}

test('a receive link confirms as a typed code does: one safety code on both pages, and no file before the sender confirms', async ({
  newContext,
}) => {
  const file = await makeRandomFile(dir, 'holiday.jpg', 50_000);
  const senderPage = await (await newContext()).newPage();
  const link = await shareFiles(senderPage, [file.path]);
  const receiverPage = await (await newContext()).newPage();
  await receiverPage.goto(link);
  // The same step as on the typed-code path, on both pages.
  for (const page of [senderPage, receiverPage]) {
    await expect(page.getByText(text('en', 'p2p.safety.compare'))).toBeVisible({ timeout: 60_000 });
  }
  expect(await safetyCode(senderPage)).toBe(await safetyCode(receiverPage));
  await expect(receiverPage.getByText(text('en', 'p2p.receive.waitingOffer'))).toBeVisible();
  await expect(receiverPage.getByText(file.name)).toHaveCount(0);
  await expect(receiverPage.getByRole('button', { name: text('en', 'p2p.receive.accept') })).toHaveCount(0);
  await senderPage.getByRole('button', { name: text('en', 'p2p.send.confirmCodes') }).click();
  await expect(receiverPage.getByText(file.name)).toBeVisible();
  await acceptAll(receiverPage);
  await expect(senderPage.getByText(text('en', 'p2p.send.done'))).toBeVisible();
});

test('Save all writes every received file into the folder the person picks, folders kept', async ({ newContext }) => {
  // A headless browser's folder picker cannot be clicked: it hands out a private-storage folder.
  const { files, receiverPage, note } = await receiveAlbum(newContext, 'picked', () => {
    Object.assign(window, {
      showDirectoryPicker: async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle('picked-by-test', { create: true }),
    });
  });
  await expect(note).toHaveText(text('en', 'p2p.receive.saveAllFolderHint'));
  await receiverPage.getByRole('button', { name: text('en', 'p2p.receive.saveAll') }).click();
  await expect(note).toHaveText(text('en', 'p2p.receive.savedAllFolder'));
  const written = await receiverPage.evaluate(async () => {
    type Folder = FileSystemDirectoryHandle & { entries(): AsyncIterable<[string, FileSystemHandle]> };
    const digests: Record<string, string> = {};
    const walk = async (here: Folder, prefix: string): Promise<void> => {
      for await (const [name, entry] of here.entries()) {
        if (entry.kind === 'directory') await walk(entry as Folder, `${prefix}${name}/`);
        else {
          const bytes = await (await (entry as FileSystemFileHandle).getFile()).arrayBuffer();
          const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
          digests[`${prefix}${name}`] = [...hash].map((byte) => byte.toString(16).padStart(2, '0')).join('');
        }
      }
    };
    const root = await navigator.storage.getDirectory();
    await walk((await root.getDirectoryHandle('picked-by-test')) as Folder, '');
    return digests;
  });
  expect(written).toEqual({
    'album/a.jpg': files[0]?.sha256,
    'album/inner/b.txt': files[1]?.sha256,
    'album/inner/c.bin': files[2]?.sha256,
  });
});

test('Save all without a folder picker says so, then saves each file as its own download, in order', async ({
  newContext,
}) => {
  // Firefox, Safari and phones have no directory picker.
  const { files, receiverPage, note } = await receiveAlbum(newContext, 'each', () => {
    delete (Window.prototype as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  });
  await expect(note).toHaveText(text('en', 'p2p.receive.saveAllDownloadsHint'));
  const downloads: Promise<[string, string]>[] = [];
  receiverPage.on('download', (download) => {
    downloads.push(download.path().then(async (saved) => [download.suggestedFilename(), await sha256OfFile(saved)]));
  });
  await receiverPage.getByRole('button', { name: text('en', 'p2p.receive.saveAll') }).click();
  await expect(note).toHaveText(text('en', 'p2p.receive.savedAllDownloads'));
  await expect.poll(() => downloads.length, { timeout: 60_000 }).toBe(files.length);
  const saved = await Promise.all(downloads);
  // In the offer's order, each under its own name, byte for byte.
  expect(saved.map(([name]) => name)).toEqual(files.map((file) => file.name));
  expectDigests(new Map(saved), files);
});

test('on a 1280×800 screen the sender sees the code to confirm and then Delivered without scrolling', async ({
  newContext,
}) => {
  // Enough files for the list to push the transfer's box below the fold.
  const files = await Promise.all(
    Array.from({ length: 8 }, (_, i) => makeRandomFile(`${dir}/fold`, `photo ${i + 1}.jpg`, 20_000)),
  );
  const senderPage = await (await newContext('en', undefined, { width: 1280, height: 800 })).newPage();
  const link = await shareFiles(
    senderPage,
    files.map((file) => file.path),
  );
  const receiverPage = await (await newContext()).newPage();
  await receiverPage.goto(link);
  const confirm = senderPage.getByRole('button', { name: text('en', 'p2p.send.confirmCodes') });
  await expect(confirm).toBeInViewport({ ratio: 1, timeout: 60_000 });
  await expect(senderPage.getByTestId('p2p-safety-code')).toBeInViewport({ ratio: 1 });
  await confirm.click();
  await acceptAll(receiverPage);
  await expect(senderPage.getByText(text('en', 'p2p.send.done'))).toBeInViewport({ ratio: 1 });
});
