// Direct transfer between two Chromium contexts through the real host's PeerJS server: files
// arrive byte for byte, both pages show one safety code, a wrong key is refused, a changed chunk
// stops the transfer, a cut connection resumes, and the flow works in Turkish and at 360 px.
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { text, type TestLanguage } from './fixtures/locales';
import { confirmCodes, expectDigests, safetyCode, saveEach, shareFiles, test } from './fixtures/p2p';
import { makeRandomFile, makeTempDir, removeDir, type TestFile } from './fixtures/test-files';
import { seriousViolations } from './fixtures/axe';

const MB = 1000 * 1000;

// Big files on a loaded machine: the tests wait for states, never for a speed.
test.setTimeout(15 * 60_000);

let dir = '';
test.beforeAll(async () => {
  dir = await makeTempDir();
});
test.afterAll(async () => {
  await removeDir(dir);
});

/** The receiver accepts and saves every file; returns the SHA-256 of each download, by name. */
async function acceptAndSave(
  page: Page,
  files: TestFile[],
  language: TestLanguage = 'en',
): Promise<Map<string, string>> {
  await page.getByRole('button', { name: text(language, 'p2p.receive.accept') }).click();
  return saveEach(page, files, language);
}

/** What the page's Content-Security-Policy refused so far (see newContext). */
function cspBlocked(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspBlocked: string[] }).cspBlocked);
}

/** Files in the page's origin private file system, in every folder (runs in the page). */
async function countPrivateFiles(): Promise<number> {
  type Folder = { values(): AsyncIterable<FileSystemHandle> };
  let count = 0;
  const walk = async (folder: Folder): Promise<void> => {
    for await (const entry of folder.values()) {
      if (entry.kind === 'file') count += 1;
      else await walk(entry as unknown as Folder);
    }
  };
  await walk((await navigator.storage.getDirectory()) as unknown as Folder);
  return count;
}

test('a 100 MB file arrives with the same SHA-256 under the pages CSP, and both pages show the same safety code', async ({
  newContext,
}) => {
  const file = await makeRandomFile(dir, 'big video.bin', 100 * MB);
  const sender = await newContext();
  const receiver = await newContext();
  const senderPage = await sender.newPage();
  const link = await shareFiles(senderPage, [file.path]);
  await expect(senderPage.getByText(text('en', 'p2p.stayOpen'))).toBeVisible();
  const receiverPage = await receiver.newPage();
  const response = await receiverPage.goto(link);
  // The host's policy is in force: connections only to listed origins.
  expect(response?.headers()['content-security-policy']).toMatch(/connect-src 'self'/);
  await confirmCodes(senderPage, receiverPage);
  await expect(receiverPage.getByText(file.name)).toBeVisible();
  expectDigests(await acceptAndSave(receiverPage, [file]), [file]);
  await expect(senderPage.getByText(text('en', 'p2p.send.done'))).toBeVisible();
  // Signalling, the ICE servers call and the save all went through without the policy refusing any.
  expect(await cspBlocked(senderPage)).toEqual([]);
  expect(await cspBlocked(receiverPage)).toEqual([]);
});

test('a folder of 3 files arrives with the same SHA-256 for each', async ({ newContext }) => {
  const folder = `${dir}/album`;
  const files = [
    await makeRandomFile(folder, 'a.jpg', 3 * MB + 7),
    await makeRandomFile(folder, 'inner/b.txt', 1234),
    await makeRandomFile(folder, 'inner/deeper/c.bin', 700_000),
  ];
  const sender = await newContext();
  const receiver = await newContext();
  const senderPage = await sender.newPage();
  const link = await shareFiles(senderPage, { folder });
  const receiverPage = await receiver.newPage();
  await receiverPage.goto(link);
  await confirmCodes(senderPage, receiverPage);
  await expect(receiverPage.getByText('album/inner/deeper/c.bin')).toBeVisible();
  await expect(receiverPage.getByTestId('p2p-storage')).toHaveText(/written to this browser's storage/);
  expectDigests(await acceptAndSave(receiverPage, files), files);
});

test('a link with another key in its fragment is refused, and the sender learns of it', async ({ newContext }) => {
  const file = await makeRandomFile(dir, 'secret.pdf', 1000);
  const sender = await newContext();
  const receiver = await newContext();
  const senderPage = await sender.newPage();
  const link = await shareFiles(senderPage, [file.path]);
  const receiverPage = await receiver.newPage();
  await receiverPage.goto(`${link.split('#')[0]}#${randomBytes(32).toString('base64url')}`);
  await expect(receiverPage.getByRole('alert')).toContainText(text('en', 'p2p.errors.wrong-key'));
  // Nothing of the offer reached the page with the wrong key.
  await expect(receiverPage.getByText('secret.pdf')).toHaveCount(0);
  await expect(senderPage.getByText(text('en', 'p2p.send.refused_one', { count: 1 }))).toBeVisible();
  // A link without any key is refused before anything is sent.
  await receiverPage.goto(link.split('#')[0] ?? '');
  await expect(receiverPage.getByRole('alert')).toContainText(text('en', 'p2p.errors.bad-link'));
});

test('a chunk changed on the way ends in "Decryption failed", no file is offered and nothing of it is kept', async ({
  newContext,
}) => {
  const file = await makeRandomFile(dir, 'tampered.bin', 5 * MB);
  // The sender's data channel flips one byte of its twelfth big frame (an encrypted chunk), after
  // the receiver has written the first eight chunks to its private storage.
  const sender = await newContext('en', () => {
    const send = RTCDataChannel.prototype.send;
    let big = 0;
    RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: unknown) {
      const bytes = ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : data instanceof ArrayBuffer
          ? new Uint8Array(data)
          : null;
      if (bytes && bytes.byteLength > 100_000 && ++big === 12) {
        const changed = new Uint8Array(bytes);
        changed[changed.length - 100]! ^= 0x01;
        return send.call(this, changed);
      }
      return Reflect.apply(send, this, [data]) as void;
    } as typeof send;
  });
  const receiver = await newContext();
  const senderPage = await sender.newPage();
  const link = await shareFiles(senderPage, [file.path]);
  const receiverPage = await receiver.newPage();
  await receiverPage.goto(link);
  await confirmCodes(senderPage, receiverPage);
  await receiverPage.getByRole('button', { name: 'Accept' }).click();
  await expect(receiverPage.getByRole('alert')).toContainText('Decryption failed');
  await expect(senderPage.getByRole('alert')).toContainText('Decryption failed');
  await expect(receiverPage.getByRole('button', { name: /^Save / })).toHaveCount(0);
  // The partial file is gone from the receiver's private file system.
  await expect.poll(() => receiverPage.evaluate(countPrivateFiles)).toBe(0);
});

test('a connection cut mid-transfer reconnects and completes, resending at most one window', async ({ newContext }) => {
  const file = await makeRandomFile(dir, 'resumed.bin', 60 * MB);
  // The sender counts the bytes it hands to data channels; the receiver keeps its peer connections.
  const sender = await newContext('en', () => {
    const send = RTCDataChannel.prototype.send;
    const w = window as unknown as { sentBytes: number };
    w.sentBytes = 0;
    RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: unknown) {
      w.sentBytes += (data as ArrayBufferView).byteLength ?? 0;
      return Reflect.apply(send, this, [data]) as void;
    } as typeof send;
  });
  const receiver = await newContext('en', () => {
    const Native = window.RTCPeerConnection;
    const w = window as unknown as { connections: RTCPeerConnection[] };
    w.connections = [];
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        w.connections.push(this);
      }
    };
  });
  const senderPage = await sender.newPage();
  const link = await shareFiles(senderPage, [file.path]);
  const receiverPage = await receiver.newPage();
  await receiverPage.goto(link);
  await confirmCodes(senderPage, receiverPage);
  await receiverPage.getByRole('button', { name: 'Accept' }).click();
  const progress = receiverPage.getByRole('progressbar', { name: 'Transfer progress' });
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 5 * 60_000 })
    .toBeGreaterThanOrEqual(20);
  const cut = await receiverPage.evaluate(() => {
    const open = (window as unknown as { connections: RTCPeerConnection[] }).connections.filter(
      (connection) => connection.connectionState === 'connected',
    );
    for (const connection of open) connection.close();
    return open.length;
  });
  expect(cut).toBe(1);
  expectDigests(await saveEach(receiverPage, [file]), [file]);
  await expect(senderPage.getByText(text('en', 'p2p.send.done'))).toBeVisible();
  // Resumed, not restarted: what was sent twice is at most the chunks in flight (16 MiB).
  const sent = await senderPage.evaluate(() => (window as unknown as { sentBytes: number }).sentBytes);
  expect(sent).toBeLessThan(file.size + 17 * 1024 * 1024 + 1024 * 1024);
});

test('sending to a typed code: both pages compare one safety code, the sender confirms, the file arrives', async ({
  newContext,
}) => {
  const file = await makeRandomFile(dir, 'by code.txt', 300_000);
  const sender = await newContext();
  const receiver = await newContext();
  const receiverPage = await receiver.newPage();
  await receiverPage.goto('/p2p');
  await receiverPage.getByRole('tab', { name: 'Receive with a code' }).click();
  const ownCode = receiverPage.getByTestId('p2p-own-code');
  await expect(ownCode).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/, { timeout: 60_000 });
  const code = (await ownCode.textContent()) ?? '';

  const senderPage = await sender.newPage();
  await shareFiles(senderPage, [file.path]);
  await senderPage.getByRole('textbox', { name: "Receiver's code" }).fill(code.toLowerCase());
  await senderPage.getByRole('button', { name: 'Send to this code' }).click();
  await expect(senderPage.getByText(text('en', 'p2p.safety.compare'))).toBeVisible();
  expect(await safetyCode(receiverPage)).toBe(await safetyCode(senderPage));
  // Nothing is offered before the sender has compared and confirmed.
  await expect(receiverPage.getByText(file.name)).toHaveCount(0);
  await senderPage.getByRole('button', { name: 'The codes match: send' }).click();
  await expect(receiverPage.getByText(file.name)).toBeVisible();
  expectDigests(await acceptAndSave(receiverPage, [file]), [file]);
});

test('where the browser has a save picker, the file is written straight into the picked file', async ({
  newContext,
}) => {
  const file = await makeRandomFile(dir, 'picked.bin', 2 * MB);
  const sender = await newContext();
  // The picker of a headless browser cannot be clicked: it hands out a private-storage file instead.
  const receiver = await newContext('en', () => {
    (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async () =>
      (await navigator.storage.getDirectory()).getFileHandle('picked-by-test', { create: true });
  });
  const senderPage = await sender.newPage();
  const link = await shareFiles(senderPage, [file.path]);
  const receiverPage = await receiver.newPage();
  await receiverPage.goto(link);
  await confirmCodes(senderPage, receiverPage);
  await expect(receiverPage.getByTestId('p2p-storage')).toHaveText(text('en', 'p2p.receive.storagePicker'));
  await receiverPage.getByRole('button', { name: 'Accept' }).click();
  await expect(receiverPage.getByText(text('en', 'p2p.receive.savedToDisk'))).toBeVisible({ timeout: 5 * 60_000 });
  const digest = await receiverPage.evaluate(async () => {
    const picked = await (await navigator.storage.getDirectory()).getFileHandle('picked-by-test');
    const hash = await crypto.subtle.digest('SHA-256', await (await picked.getFile()).arrayBuffer());
    return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  });
  expect(digest).toBe(file.sha256);
});

test('the whole flow works in Turkish, from the header link on', async ({ newContext }) => {
  const file = await makeRandomFile(dir, 'Fotoğraf çiçek.jpg', 2 * MB);
  const sender = await newContext('tr');
  const receiver = await newContext('tr');
  const senderPage = await sender.newPage();
  await senderPage.goto('/');
  await senderPage
    .getByRole('navigation', { name: text('tr', 'nav.main') })
    .getByRole('link', { name: text('tr', 'nav.directTransfer') })
    .click();
  await expect(senderPage).toHaveURL(/\/p2p$/);
  const link = await shareFiles(senderPage, [file.path], 'tr');
  await expect(senderPage.getByText(text('tr', 'p2p.send.waiting'))).toBeVisible();
  await expect(senderPage.getByText(text('tr', 'p2p.stayOpen'))).toBeVisible();
  const receiverPage = await receiver.newPage();
  await receiverPage.goto(link);
  await expect(receiverPage.getByRole('heading', { level: 1, name: text('tr', 'p2p.receive.title') })).toBeVisible();
  await confirmCodes(senderPage, receiverPage, 'tr');
  await expect(receiverPage.getByText(text('tr', 'p2p.receive.offerTitle_one', { count: 1 }))).toBeVisible();
  expectDigests(await acceptAndSave(receiverPage, [file], 'tr'), [file]);
  await expect(senderPage.getByText(text('tr', 'p2p.send.done'))).toBeVisible();
});

async function expectFits(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(0);
}

test('/p2p passes axe and fits at 360 px: empty, with a link, receiving with a code, and an offer', async ({
  newContext,
}) => {
  const file = await makeRandomFile(dir, 'a rather long file name for a small phone screen.pdf', 10_000);
  const viewport = { width: 360, height: 800 };
  const sender = await newContext('en', undefined, viewport);
  const receiver = await newContext('en', undefined, viewport);
  const senderPage = await sender.newPage();
  await senderPage.goto('/p2p');
  await expect(senderPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFits(senderPage, '/p2p');
  const link = await shareFiles(senderPage, [file.path]);
  await expectFits(senderPage, '/p2p with a receive link');
  await senderPage.getByRole('tab', { name: 'Receive with a code' }).click();
  await expect(senderPage.getByTestId('p2p-own-code')).toBeVisible({ timeout: 60_000 });
  await expectFits(senderPage, '/p2p receiving with a code');
  await senderPage.getByRole('tab', { name: text('en', 'p2p.tabs.send') }).click();
  const receiverPage = await receiver.newPage();
  await receiverPage.goto(link);
  await confirmCodes(senderPage, receiverPage);
  await expect(receiverPage.getByRole('button', { name: 'Accept' })).toBeEnabled();
  await expectFits(receiverPage, 'the offer');
});
