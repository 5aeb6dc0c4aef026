import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { waitForApp } from './fixtures/app-live';
import { E2E_DATA_DIR } from './fixtures/outbox';

// docs/product.md §2: every route of the product, with something a person must see on it.
const publicRoutes = ['/', '/upload', '/how-it-works', '/about', '/privacy', '/terms', '/cookies'];
const adminRoutes = [
  '/admin',
  '/admin/uploads',
  '/admin/pages',
  '/admin/settings',
  '/admin/downloads',
  '/admin/users',
  '/admin/analytics',
  '/admin/storage',
  '/admin/system',
];

test('the API reports the database and storage healthy', async ({ request }) => {
  const response = await request.get('/functions/v1/api/health');
  expect(response.status()).toBe(200);
  const health = await response.json();
  expect(health).toMatchObject({ ok: true, database: { ok: true, status: 'ok' }, storage: { ok: true, status: 'ok' } });
});

test('the API refuses a call without the anon key', async ({ request }) => {
  const response = await request.post('/functions/v1/api/admin/login', { data: { username: 'a', password: 'b' } });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: 'Invalid API key', code: 'invalid_api_key' });
});

for (const route of publicRoutes) {
  test(`${route} renders its screen`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(route);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByText('An error occurred. Please refresh the page.')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('the download page renders for a share link of either form', async ({ page }) => {
  for (const route of ['/s/abcd1234', '/share/abcd1234']) {
    await page.goto(route);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

for (const route of adminRoutes) {
  test(`${route} shows the admin sign-in form when signed out`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByLabel(/username/i)).toBeVisible();
    await expect(page.getByLabel(/password/i).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  });
}

test('wrong admin credentials are refused by the server', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel(/username/i).fill('admin');
  await page
    .getByLabel(/password/i)
    .first()
    .fill('not-the-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
});

test('after a reload the service worker controls the page', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});

// Installability is never reported in incognito, which Playwright's contexts are: use a profile.
test('Chromium reports the app installable', async ({ baseURL, browserName: _ }, testInfo) => {
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    executablePath: testInfo.project.use.launchOptions?.executablePath,
    args: testInfo.project.use.launchOptions?.args,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(baseURL ?? '/');
    await waitForApp(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        return installabilityErrors;
      })
      .toEqual([]);
  } finally {
    await context.close();
  }
});

test('the PeerJS signalling server hands out peer ids and opens a socket', async ({ page, request }) => {
  const id = await (await request.get('/peerjs/peerjs/id')).text();
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await page.goto('/');
  await waitForApp(page);
  const first = await page.evaluate(
    (peerId) =>
      new Promise<string>((resolve, reject) => {
        const socket = new WebSocket(
          `${location.origin.replace('http', 'ws')}/peerjs/peerjs?key=peerjs&id=${peerId}&token=e2e`,
        );
        socket.onmessage = (event) => {
          resolve(JSON.parse(String(event.data)).type);
          socket.close();
        };
        socket.onerror = () => reject(new Error('socket error'));
      }),
    id,
  );
  expect(first).toBe('OPEN');
});

// docs/security.md: the browser knows only the API URL and the anon key. Every script the app ships,
// the service worker included, is searched for each server-side secret of this very instance.
test('no server secret is in anything the browser downloads', async ({ request }) => {
  const secrets = JSON.parse(await readFile(path.join(E2E_DATA_DIR, 'secrets.json'), 'utf8')) as Record<string, string>;
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|webmanifest))"/g)].map((m) => m[1] ?? '');
  const sw = await (await request.get('/sw.js')).text();
  const precached = [...sw.matchAll(/"url":"([^"]+\.js)"/g)].map((m) => `/${(m[1] ?? '').replace(/^\//, '')}`);
  const files = [...new Set(['/', '/sw.js', ...scripts, ...precached])];
  expect(files.length).toBeGreaterThan(3);
  for (const file of files) {
    const body = await (await request.get(file)).text();
    for (const name of [
      'sessionSecret',
      'sweepSecret',
      'ipHashSalt',
      'jwtSecret',
      'storageSecretAccessKey',
      'adminPasswordHash',
    ]) {
      expect(body.includes(secrets[name] ?? '(missing)'), `${name} in ${file}`).toBe(false);
    }
  }
});
