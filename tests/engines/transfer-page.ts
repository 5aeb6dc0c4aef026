// The recipient's page of a transfer (one link for several files, some in a folder): Download all
// saves one zip, and a file previews in the page. The transfer is sent once through the API, as
// tests/e2e/transfers-receive.spec.ts sends its own, and shared by every engine's test.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { text } from '../e2e/fixtures/locales';
import { makeRandomFile, type TestFile } from '../e2e/fixtures/test-files';
import { createTransfer, makePng, makeText, uploadIntoTransfer } from '../e2e/fixtures/transfer-upload';
import { byText, waitFor, WAIT_MS, type Engine, type EnginePage } from './fixtures/engine';
import { waitForApp } from './cross-engine-paths';

export interface SentTransfer {
  link: string;
  shareId: string;
  files: { file: TestFile; folder: string }[];
}

/** The words of the text file: its preview shows them. */
export const NOTE_WORDS = 'Merhaba, here are the holiday files.';

/** A transfer of a text file, a 7×5 PNG and a file in a folder, sent through the API. */
export async function sendTransfer(origin: string, dir: string): Promise<SentTransfer> {
  const files = [
    { file: await makeText(dir, 'notes.txt', `${NOTE_WORDS}\nSee you soon.`), folder: '', type: 'text/plain' },
    { file: await makePng(dir, 'pixel.png', 7, 5), folder: '', type: 'image/png' },
    { file: await makeRandomFile(dir, 'cover.bin', 300_000), folder: 'album', type: 'application/octet-stream' },
  ];
  const transfer = await createTransfer(origin, {});
  for (const { file, folder, type } of files) await uploadIntoTransfer(origin, transfer, file, folder, type);
  return {
    link: `${origin}/s/${transfer.shareId}`,
    shareId: transfer.shareId,
    files: files.map(({ file, folder }) => ({ file, folder })),
  };
}

/** Whether `zip` is whole: unzip finds its central directory, which comes last. */
function isWholeZip(zip: string): boolean {
  try {
    execFileSync('unzip', ['-Z1', zip], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Presses Download all on the transfer's page and waits for the zip in the engine's downloads
 * folder: each entry's SHA-256 by its path in the zip.
 */
export async function downloadAll(engine: Engine, page: EnginePage, sent: SentTransfer): Promise<Map<string, string>> {
  await page.goto(sent.link);
  await page.coldClick(byText(text('en', 'download.transfer.downloadAll'), 'button'));
  const name = `${sent.shareId}.zip`;
  const zip = path.join(engine.downloadDir, name);
  const deadline = Date.now() + 2 * WAIT_MS;
  for (;;) {
    const names = await readdir(engine.downloadDir);
    // Firefox fills `name.part`, WebKit `name.wkdownload`, beside the final name.
    const busy = names.some((each) => each.startsWith(name) && each !== name);
    if (!busy && names.includes(name) && (await stat(zip)).size > 0 && isWholeZip(zip)) break;
    if (Date.now() > deadline) throw new Error(`${name} was not saved whole; the folder holds ${names.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const entries = new Map<string, string>();
  for (const entry of execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n')) {
    const bytes = execFileSync('unzip', ['-p', zip, entry], { maxBuffer: 16 * 1024 * 1024 });
    entries.set(entry, createHash('sha256').update(bytes).digest('hex'));
  }
  await rm(zip);
  return entries;
}

/** What each sent file's zip entry must hash to, by its path in the zip. */
export function expectedEntries(sent: SentTransfer): Map<string, string> {
  return new Map(sent.files.map(({ file, folder }) => [folder ? `${folder}/${file.name}` : file.name, file.sha256]));
}

/**
 * Opens the transfer's page, previews the PNG and then the text file: the image's natural size
 * once loaded, and whether the text's words show.
 */
export async function previews(page: EnginePage, sent: SentTransfer): Promise<{ image: number[]; words: boolean }> {
  const preview = (name: string) => ({
    css: `button[aria-label="${text('en', 'download.preview.openFile', { name })}"]`,
  });
  await page.goto(sent.link);
  await waitForApp(page);
  await page.click(preview('pixel.png'));
  const image = await waitFor<number[]>(
    page,
    'the PNG preview',
    `const img = document.querySelector('img[alt="pixel.png"]');
     return img !== null && img.complete && img.naturalWidth > 0 ? [img.naturalWidth, img.naturalHeight] : null;`,
  );
  await page.click(preview('notes.txt'));
  const words = await waitFor<boolean>(
    page,
    'the text preview',
    `return document.body.innerText.includes(arg);`,
    NOTE_WORDS,
  );
  return { image, words };
}
