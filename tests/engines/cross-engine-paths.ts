// The paths every engine must walk, written once against the Engine interface: the recipient's
// download page, an upload from Home, the service worker taking control, and what a first tap on a
// cold download page does. Each returns what a person would notice, for the test to assert.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { START_ATTRIBUTE, START_ON_INTENT } from '../../src/config/boot-contract';
import { text } from '../e2e/fixtures/locales';
import { sha256OfFile, type TestFile } from '../e2e/fixtures/test-files';
import { byText, waitFor, waitForText, type Engine, type EnginePage } from './fixtures/engine';

/**
 * Waits until the app has taken over the page (the host's markup is live). A page whose app starts
 * on the visitor's first intent gets one first: a key pressed, as a visitor would.
 */
export async function waitForApp(page: EnginePage): Promise<boolean> {
  const onIntent = `return document.documentElement.getAttribute('${START_ATTRIBUTE}') === '${START_ON_INTENT}';`;
  if (await page.run<boolean>(onIntent)) await page.intend();
  return waitFor(
    page,
    'the app to take over the page',
    `const root = document.getElementById('root');
     return !document.documentElement.hasAttribute('data-start') && root !== null && !root.hasAttribute('inert');`,
  );
}

/** Waits until `name` is whole in the engine's downloads folder; its SHA-256. */
export async function downloaded(engine: Engine, name: string, size: number): Promise<string> {
  const file = path.join(engine.downloadDir, name);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const names = await readdir(engine.downloadDir);
    // Firefox writes `name.part` beside it until the download ends; WebKit writes `name.wkdownload`.
    const busy = names.some((each) => each.startsWith(name) && each !== name);
    // Firefox leaves an empty placeholder under the final name while `.part` fills, and may drop
    // `.part` a moment before the bytes land: hash only a file already at its full size.
    if (!busy && names.includes(name) && (await stat(file)).size === size) {
      const digest = await sha256OfFile(file);
      await rm(file);
      return digest;
    }
    if (Date.now() > deadline)
      throw new Error(`${name} was not downloaded whole; the folder holds ${names.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Opens a download page and presses Download file: the SHA-256 of what the browser saved. */
export async function downloadFromPage(engine: Engine, page: EnginePage, link: string, file: TestFile) {
  await page.goto(link);
  await waitForText(page, file.name);
  await page.coldClick(byText(text('en', 'download.download'), 'button'));
  return downloaded(engine, file.name, file.size);
}

/**
 * `file` sent from Home (end-to-end encrypted), then a stranger's first visit to its link, in a
 * page of its own: Download pressed as soon as the page shows the file, while the worker the page
 * registered on load may still be installing. The SHA-256 of what the browser saved, and whether
 * the app stayed unstarted (boot.js and the worker saved it by themselves).
 */
export async function firstVisitDownload(engine: Engine, origin: string, file: TestFile) {
  const sender = await engine.newPage();
  let link: string;
  try {
    link = await uploadFromHome(sender, origin, file);
  } finally {
    await sender.close();
  }
  const page = await engine.newPage();
  try {
    const sha256 = await downloadFromPage(engine, page, link, file);
    const appStarted = !(await page.run<boolean>(
      `return document.documentElement.getAttribute('${START_ATTRIBUTE}') === '${START_ON_INTENT}';`,
    ));
    return { sha256, appStarted };
  } finally {
    await page.close();
  }
}

/** Picks `file` on Home and presses Upload: the share link the page shows. */
export async function uploadFromHome(page: EnginePage, origin: string, file: TestFile): Promise<string> {
  await page.goto(`${origin}/`);
  await waitForApp(page);
  await page.pickFiles({ css: '[data-testid="upload-files-input"]' }, [file.path]);
  await waitForText(page, file.name);
  await page.click(byText(text('en', 'upload.card.upload'), 'button'));
  return waitFor<string>(
    page,
    'the share link',
    `return document.querySelector('[aria-labelledby="upload-results-title"] a[href*="/s/"]')?.href ?? '';`,
    undefined,
    120_000,
  );
}

/** Whether a service worker controls the page (a first visit's worker claims it once active). */
export async function serviceWorkerControls(page: EnginePage, origin: string): Promise<boolean> {
  await page.goto(`${origin}/`);
  await waitForApp(page);
  try {
    return await waitFor<boolean>(
      page,
      'the service worker to control the page',
      'return navigator.serviceWorker.controller !== null;',
    );
  } catch (error) {
    // What the worker got to, for the failure to say.
    const state = await page.run<string>(
      `const registration = await navigator.serviceWorker.getRegistration();
       if (registration === undefined) return 'no registration';
       const { installing, waiting, active } = registration;
       return JSON.stringify({ installing: installing?.state, waiting: waiting?.state, active: active?.state });`,
    );
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the registration: ${state}`);
  }
}
