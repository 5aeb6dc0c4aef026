import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MIB } from '../../supabase/functions/_shared/domain/constants';
import { ciphertextSize } from '../../supabase/functions/_shared/domain/encrypted-size';
import { ANON_HEADERS, API, signIn } from './fixtures/admin';
import { waitForApp } from './fixtures/app-live';
import { text } from './fixtures/locales';
import { E2E_DATA_DIR, outboxFiles, waitForMail } from './fixtures/outbox';
import { SHARE_LINK, shareIdOfLink } from './fixtures/share-flow';
import { makeTempDir, removeDir } from './fixtures/test-files';

// What a sender from Home gets now that every upload from the app is encrypted on the device: the
// server (its storage folder, its database, its log) holds neither the file's contents nor the
// link's key; the link shown carries the key in its fragment, on Home and on Transfers after a
// reload; the mail carries it only when the sender asks the server to mail the link, and the form
// says so first; a password makes the server refuse the bytes without a proof. The host is the one
// `npm start` runs (scripts/e2e-server.mjs), whose DATA_DIR holds its storage, database and log.

/** ASCII that no other test writes; 1 MiB of it repeated is the file sent. */
const MARKER = 'ULAK-E2E-PLAINTEXT-MARKER-5b1d ';

let dir: string;

test.beforeEach(async () => {
  dir = await makeTempDir();
});

test.afterEach(async () => {
  await removeDir(dir);
});

async function markerFile(name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, Buffer.alloc(MIB, MARKER));
  return file;
}

/** Every file under the host's data folder (storage, database, log, outbox), with its bytes. */
async function dataFiles(): Promise<{ file: string; bytes: Buffer }[]> {
  const entries = await readdir(E2E_DATA_DIR, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  const read = await Promise.all(
    // A file the host removed meanwhile (a temporary one) holds nothing any more.
    files.map((file) =>
      readFile(file).then(
        (bytes) => ({ file, bytes }),
        () => null,
      ),
    ),
  );
  return read.filter((each) => each !== null);
}

/** The ways a 32-byte key could be written down: as the link has it, base64, hex, raw. */
function spellingsOf(fragment: string): Buffer[] {
  const key = Buffer.from(fragment, 'base64url');
  expect(key).toHaveLength(32);
  const base64 = key.toString('base64');
  return [fragment, base64, base64.replace(/=+$/, ''), key.toString('hex'), key.toString('hex').toUpperCase()]
    .map((spelling) => Buffer.from(spelling))
    .concat([key]);
}

/** Picks `files` on Home and presses Upload; returns the transfer's link and each file's. */
async function sendFromHome(page: Page, files: string[], before?: (page: Page) => Promise<void>) {
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('upload-files-input').setInputFiles(files);
  await before?.(page);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const results = page.getByRole('region', { name: /Your share links?/ });
  await expect(results).toBeVisible({ timeout: 90_000 });
  const transfer =
    (await results.getByTestId('transfer-link').getByRole('link', { name: SHARE_LINK }).getAttribute('href')) ?? '';
  const own = await results
    .getByRole('list', { name: "Each file's own link" })
    .getByRole('link', { name: SHARE_LINK })
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  return { transfer, own };
}

test('a file sent from Home reaches the server encrypted: its contents and its link key are nowhere on it', async ({
  page,
}) => {
  const { transfer, own } = await sendFromHome(page, [await markerFile('minutes.txt')]);
  const fragment = new URL(transfer).hash.slice(1);
  expect(fragment).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The file's own link opens with the same key: each file's key is derived from it.
  expect(own).toHaveLength(1);
  expect(new URL(own[0] ?? '').hash).toBe(`#${fragment}`);

  const files = await dataFiles();
  // The search reaches what the server stored: the object is there, at its encrypted size, and the log.
  expect(files.some(({ bytes }) => bytes.length === ciphertextSize(MIB))).toBe(true);
  const log = files.find(({ file }) => file === path.join(E2E_DATA_DIR, 'host.log'));
  expect(log?.bytes.toString()).toContain('[ulak]');

  const marker = Buffer.from(MARKER);
  expect(files.filter(({ bytes }) => bytes.includes(marker)).map(({ file }) => file)).toEqual([]);
  for (const spelling of spellingsOf(fragment)) {
    expect(files.filter(({ bytes }) => bytes.includes(spelling)).map(({ file }) => file)).toEqual([]);
  }
});

test('Transfers shows the full link after a reload, and says when this device has not the key', async ({ page }) => {
  const { transfer } = await sendFromHome(page, [await markerFile('agenda.txt')]);
  expect(new URL(transfer).hash).toMatch(/^#[A-Za-z0-9_-]{43}$/);
  const shareId = shareIdOfLink(transfer);
  await page.goto('/upload');
  await page.reload();
  const group = page.getByRole('listitem', { name: 'Transfer of 1 file' }).filter({ hasText: shareId });
  await expect(group.getByRole('link', { name: transfer, exact: true })).toBeVisible();
  await expect(group.getByTestId('transfer-no-key')).toHaveCount(0);

  // The same transfer seen from a device without its key (as another device of the sender would).
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('ulak');
        open.onsuccess = () => {
          const tx = open.result.transaction('ownedTransfers', 'readwrite');
          const store = tx.objectStore('ownedTransfers');
          const all = store.getAll();
          all.onsuccess = () => {
            for (const record of all.result as { linkKey?: unknown }[]) {
              delete record.linkKey;
              store.put(record);
            }
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        };
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      }),
  );
  await page.reload();
  await expect(group.getByRole('link', { name: transfer.split('#')[0], exact: true })).toBeVisible();
  await expect(group.getByTestId('transfer-no-key')).toHaveText(text('en', 'transfers.noKey'));
});

test('with a password, the server hands out nothing without its proof, and the password is kept nowhere', async ({
  page,
}) => {
  const password = 'correct horse battery staple';
  const { transfer, own } = await sendFromHome(page, [await markerFile('budget.txt')], async (home) => {
    const field = home.getByLabel('Password (optional)');
    await field.fill(password);
    await expect(field).toHaveAttribute('type', 'password');
    await home.getByRole('button', { name: 'Show password' }).click();
    await expect(field).toHaveAttribute('type', 'text');
  });
  expect(new URL(transfer).hash).toMatch(/^#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByLabel('Password (optional)')).toHaveValue('');

  for (const link of [transfer, own[0] ?? '']) {
    const share = await page.request.get(`${API}/shares/${shareIdOfLink(link)}`, { headers: ANON_HEADERS });
    expect(share.status()).toBe(200);
    const { encryption } = (await share.json()) as { encryption: { keyCheck?: string; password?: unknown } | null };
    expect(encryption?.password).toEqual({ salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), iterations: 600_000 });
    // The key check is public, so the page says a changed link is broken before asking; it reveals no password.
    expect(encryption?.keyCheck).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const download = await page.request.post(`${API}/shares/${shareIdOfLink(link)}/download`, {
      headers: ANON_HEADERS,
      data: {},
    });
    expect(download.status()).toBe(403);
    expect(((await download.json()) as { code: string }).code).toBe('password_required');
  }

  // Nothing the origin stores holds the password: IndexedDB (every store), localStorage, sessionStorage.
  const stored = await page.evaluate(async () => {
    const names = (await indexedDB.databases()).flatMap((db) => (db.name === undefined ? [] : [db.name]));
    const records: unknown[] = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      for (const storeName of db.objectStoreNames) {
        records.push(
          await new Promise((resolve) => {
            const all = db.transaction(storeName).objectStore(storeName).getAll();
            all.onsuccess = () => resolve(all.result);
          }),
        );
      }
      db.close();
    }
    return JSON.stringify([records, { ...localStorage }, { ...sessionStorage }]);
  });
  expect(stored.length).toBeGreaterThan(100);
  expect(stored).not.toContain(password);
});

test('the mail form says the mail carries the key, and the mailed link is the full link', async ({ page }) => {
  const before = (await outboxFiles()).length;
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('upload-files-input').setInputFiles(await markerFile('report.txt'));
  await page.getByRole('button', { name: 'Send by email', exact: true }).click();
  await expect(page.getByTestId('key-in-mail')).toHaveText(text('en', 'send.keyInMail'));
  const recipient = page.getByRole('textbox', { name: 'Recipient email' });
  await recipient.fill('ada@example.com');
  await recipient.press('Enter');
  await page.getByRole('button', { name: 'Upload and send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email not delivered' })).toBeVisible({ timeout: 90_000 });
  const link =
    (await page.getByTestId('transfer-link').getByRole('link', { name: SHARE_LINK }).getAttribute('href')) ?? '';
  expect(new URL(link).hash).toMatch(/^#[A-Za-z0-9_-]{43}$/);
  expect((await waitForMail(before)).text).toContain(link);
});

test('the admin panel says file contents cannot be viewed there', async ({ page }) => {
  await signIn(page, '/admin/uploads');
  await expect(page.getByTestId('admin-encrypted-note')).toHaveText(text('en', 'admin.uploads.encryptedNote'));
});
