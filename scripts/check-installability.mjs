// Serves dist/ and asks Chromium whether the app is installable (Page.getInstallabilityErrors).
// Usage: npx vite build && node scripts/check-installability.mjs   (exit code 1 when not installable)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { preview } from 'vite';

const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
const address = server.httpServer.address();
const url = `http://localhost:${typeof address === 'object' && address ? address.port : 0}/`;
// A persistent profile: Playwright's default contexts are incognito, where nothing is installable.
const profileDir = mkdtempSync(join(tmpdir(), 'ulak-install-'));
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
let failed = false;
try {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`page console: ${message.text()}`);
  });
  await page.goto(url);
  // Installability needs an active worker controlling the scope; wait until it is ready.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors');
  const manifest = await cdp.send('Page.getAppManifest');
  console.log(`url: ${url}`);
  console.log(`service worker scope: ${scope}`);
  console.log(`manifest: ${manifest.url} (${manifest.errors.length} parse errors)`);
  for (const error of manifest.errors) console.log(`  manifest error: ${error.message}`);
  if (errors.length === 0) {
    console.log('installable: yes (no installability errors)');
  } else {
    failed = true;
    for (const error of errors)
      console.log(`installability error: ${error.errorId} ${JSON.stringify(error.errorArguments)}`);
  }
  await page.screenshot({ path: process.env.SCREENSHOT ?? '/tmp/ulak-installability.png', fullPage: true });
} finally {
  await context.close();
  rmSync(profileDir, { recursive: true, force: true });
  await new Promise((resolve) => server.httpServer.close(resolve));
}
process.exit(failed ? 1 : 0);
