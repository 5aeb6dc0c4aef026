// @vitest-environment node
// The build for a static host (`npm run build`): its pages that need no data arrive with their
// markup, in the files a plain static host serves for their paths, and the rest get the app's
// shell; a download page shows its share before the app has loaded. The deployment the README
// describes, on this machine: the Edge entry under Deno on PostgreSQL 15 and radosgw as the API,
// the build made for it, served by the bench's plain static host (bench/static-platform.ts).
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareSmallFile } from '../bench/platform.ts';
import { startStaticPlatform, type StaticPlatform } from '../bench/static-platform.ts';
import en from '../src/locales/en.json' with { type: 'json' };
import { freePort } from '../supabase/tests/free-port.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';

/** radosgw, PostgreSQL 15, Deno and a build take 3-8 minutes on a loaded 2-core machine. */
const START_TIMEOUT_MS = 900_000;

const words = (text: string) => text.replace(/\{\{product\}\}/g, 'Ulak');
/** A page's heading as the markup has it. */
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

let platform: StaticPlatform | undefined;
const built = (file: string) => readFile(path.join(platform?.distDir ?? '', file), 'utf8');

beforeAll(async () => {
  platform = await startStaticPlatform(await freePort());
}, START_TIMEOUT_MS);

afterAll(async () => {
  await platform?.stop();
  if (platform) await rm(platform.distDir, { recursive: true, force: true });
});

describe('a static host serving `npm run build`', () => {
  const visit = async (pathname: string) => {
    const res = await fetch(`${platform?.origin}${pathname}`);
    expect(res.status).toBe(200);
    return res.text();
  };

  it('sends Home and About with their text in the first answer, in English', async () => {
    const home = await visit('/');
    expect(heading(home)).toBe(words(en.home.title));
    expect(home).toContain(words(en.home.features.fast.text));
    // Home reads whole as built: its app starts on the visitor's first intent (public/boot.js).
    expect(home).toMatch(/<html lang="en" data-start="intent">/);
    const about = await visit('/about');
    expect(heading(about)).toBe(words(en.about.title));
    expect(about).toContain(words(en.about.mission));
  });

  it('sends How it works and the legal pages with their headings', async () => {
    expect(heading(await visit('/how-it-works'))).toBe(en.howItWorks.title);
    expect(heading(await visit('/privacy'))).toBe(en.legal.privacy.title);
    expect(heading(await visit('/terms'))).toBe(en.legal.terms.title);
    expect(heading(await visit('/cookies'))).toBe(en.legal.cookies.title);
  });

  it('marks a prerendered page for the app to draw anew, so a visitor in another language gets no mismatch', async () => {
    // src/main.tsx takes over only a complete page in the app's language; these are neither.
    expect(await visit('/about')).toMatch(/<div id="root" inert data-incomplete>/);
  });

  it('gives any other path the app shell, not Home', async () => {
    const page = await visit('/p2p');
    expect(heading(page)).toBeUndefined();
    expect(page).not.toContain(words(en.home.title));
    expect(page).toContain('<!--app-->');
  });

  it('gives a download page its loading screen and the script that fills in the share from the Edge API', async () => {
    const page = await visit('/s/Abcd1234');
    expect(heading(page)).toBe(words(en.download.loading));
    expect(page).toContain(
      `src="/share-fill.js" async data-api="${platform?.apiOrigin}/functions/v1/api" data-api-key="${platform?.anonKey}"`,
    );
    expect(await visit('/share/Abcd1234')).toBe(page);
  });

  it("shows a share's name and size on its download page before the app's scripts have loaded", async () => {
    const shareId = await shareSmallFile(
      { origin: platform?.apiOrigin ?? '', anonKey: platform?.anonKey ?? '' },
      'quarterly report.pdf',
      'application/pdf',
      '%PDF-1.4\n'.padEnd(5 * 1024, '.'),
    );
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      // The app never loads: what the page shows is the shell's and its script's alone.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${platform?.origin}/s/${shareId}`);
      const heading = page.locator('#root h1');
      await heading.filter({ hasText: 'quarterly report.pdf' }).waitFor({ timeout: 60_000 });
      expect(await heading.locator('xpath=following-sibling::p[1]').textContent()).toBe('5 KB');
      // Its Download works without the app: public/boot.js asks the API for the file itself.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download file' }).click();
      expect((await download).suggestedFilename()).toBe('quarterly report.pdf');
    } finally {
      await browser.close();
    }
  });

  it('precaches the prerendered pages, and the app shell the service worker answers other navigations with', async () => {
    const sw = await built('sw.js');
    for (const file of ['index.html', 'about.html', 'app-shell.html', 'share-shell.html']) {
      expect(sw).toContain(`"url":"${file}"`);
    }
  });

  it('has share-fill.js hand its answer to the app under the names the app reads', async () => {
    const { PAGE_DATA_ID } = await import('../src/lib/page-data.ts');
    const { shareKeys } = await import('../src/features/share/keys.ts');
    const script = await built('share-fill.js');
    expect(script).toContain(`document.getElementById('${PAGE_DATA_ID}')`);
    expect(script).toContain(`key: ['${shareKeys.all[0]}', shareId]`);
    expect(shareKeys.detail('x')).toEqual([shareKeys.all[0], 'x']);
  });
});
