import { expect, test, type APIRequestContext } from '@playwright/test';
import type {
  CreatedTransfer,
  CreatedUpload,
  FinishedPart,
  SignedParts,
} from '../../supabase/functions/_shared/domain/api-types';
import { ANON_HEADERS, API, APP_VERSION, savePage, saveSettings, signIn } from './fixtures/admin';
import { text } from './fixtures/locales';

// What an operator meets in the admin panel, against the real host: captions that say what a switch
// does in the state it is in, pages that open with their live text, the footer's contact from the
// settings, one version, a session kept per browser, reports that open their file, and a storage
// chart whose labels fit. Every test leaves the settings and pages as the defaults again.

test.afterEach(async ({ request }) => {
  await saveSettings(request, {});
});

/** Stores `size` bytes as `name` through the API, as the browser's engine does; its share id. */
async function uploadThroughApi(
  request: APIRequestContext,
  name: string,
  size: number,
  into?: { transfer: CreatedTransfer; path: string },
): Promise<string> {
  const joining = into && {
    transfer: { shareId: into.transfer.shareId, ownerToken: into.transfer.ownerToken },
    path: into.path,
  };
  const res = await request.post(`${API}/uploads`, {
    headers: ANON_HEADERS,
    data: { name, size, type: 'text/plain', ...joining },
  });
  expect(res.status()).toBe(201);
  const created = (await res.json()) as CreatedUpload;
  const owner = { ...ANON_HEADERS, 'x-owner-token': created.ownerToken };
  const numbers = Array.from({ length: created.partCount }, (_, i) => i + 1);
  const signed = await request.post(`${API}/uploads/${created.fileId}/parts`, {
    headers: owner,
    data: { partNumbers: numbers },
  });
  expect(signed.status()).toBe(200);
  const parts: FinishedPart[] = [];
  for (const { partNumber, url } of ((await signed.json()) as SignedParts).urls) {
    const length = Math.min(created.partSize, size - (partNumber - 1) * created.partSize);
    const put = await request.put(url, { data: Buffer.alloc(length, partNumber) });
    expect(put.status()).toBe(200);
    parts.push({ partNumber, etag: put.headers().etag ?? '' });
  }
  const done = await request.post(`${API}/uploads/${created.fileId}/complete`, { headers: owner, data: { parts } });
  expect(done.status()).toBe(200);
  return created.shareId;
}

test('each switch on the settings page says what it does in the state it is in', async ({ page }) => {
  await signIn(page, '/admin/settings');
  const analytics = page.getByRole('switch', { name: 'Analytics' });
  await expect(analytics).toBeChecked();
  await expect(analytics).toHaveAccessibleDescription(/^On: /);
  await analytics.uncheck();
  await expect(analytics).toHaveAccessibleDescription(/^Off: downloads are not logged/);

  // Maintenance says what it stops and what still works.
  const maintenance = page.getByRole('switch', { name: 'Maintenance mode' });
  await expect(maintenance).not.toBeChecked();
  await maintenance.check();
  await expect(maintenance).toHaveAccessibleDescription(/uploads/i);
  await expect(maintenance).toHaveAccessibleDescription(/downloads/i);
  await expect(maintenance).toHaveAccessibleDescription(/direct transfer/i);
});

test('About opens with its live text, stays published on Save, and shows one heading', async ({ browser, request }) => {
  const admin = await browser.newPage();
  try {
    await signIn(admin, '/admin/pages');
    await admin.getByText('About', { exact: true }).click();
    await expect(admin.getByText('published', { exact: true })).toBeVisible();
    await admin.getByRole('button', { name: 'Edit' }).click();
    const editor = admin.getByRole('textbox', { name: 'Content (Markdown)' });
    await expect(editor).toHaveValue(new RegExp(`^# About Ulak\\n[\\s\\S]*${text('en', 'about.mission')}`));
    await expect(admin.getByRole('combobox', { name: 'Status' })).toHaveValue('published');
    // The operator changes the heading only, and saves.
    await editor.fill(((await editor.inputValue()) ?? '').replace('# About Ulak', '# About this service'));
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Page content saved successfully!')).toBeVisible();
    await expect(admin.getByText('published', { exact: true })).toBeVisible();

    const fresh = await browser.newContext();
    const page = await fresh.newPage();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About this service' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'About Ulak' })).toHaveCount(0);
    await expect(page.getByText(text('en', 'about.mission'))).toBeVisible();
    await fresh.close();
  } finally {
    await admin.close();
    await savePage(request, 'about', 'en', '', 'draft');
  }
});

test("a page in the other language opens with that language's built-in text", async ({ page }) => {
  await signIn(page, '/admin/pages');
  await page.getByText('About', { exact: true }).click();
  await page.getByText('Turkish', { exact: true }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Content (Markdown)' })).toHaveValue(
    new RegExp(`^# ${text('tr', 'about.title')}\\n[\\s\\S]*${text('tr', 'about.mission')}`),
  );
});

test('the terms are a page the operator edits like About', async ({ browser, request }) => {
  const admin = await browser.newPage();
  try {
    await signIn(admin, '/admin/pages');
    await admin.getByText('Terms of service', { exact: true }).click();
    await admin.getByRole('button', { name: 'Edit' }).click();
    const editor = admin.getByRole('textbox', { name: 'Content (Markdown)' });
    await expect(editor).toHaveValue(new RegExp(text('en', 'legal.terms.sections.use.title')));
    await editor.fill('# Terms of Kargo\n\nBe kind to the people you send files to.');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Page content saved successfully!')).toBeVisible();

    const fresh = await browser.newContext();
    const page = await fresh.newPage();
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Kargo' })).toBeVisible();
    await expect(page.getByText('Be kind to the people you send files to.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await fresh.close();
  } finally {
    await admin.close();
    await savePage(request, 'terms', 'en', '', 'draft');
  }
});

test("the footer's contact address and social links are the operator's settings, and none shows when empty", async ({
  browser,
  page,
}) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: text('en', 'nav.about') })).toBeVisible();
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(0);
  await expect(footer.getByRole('group', { name: 'Social links' })).toHaveCount(0);

  const admin = await browser.newPage();
  await signIn(admin, '/admin/settings');
  await admin.getByRole('textbox', { name: 'Contact address' }).fill('ops@kargo.test');
  const social = admin.getByRole('combobox', { name: 'Social links' });
  await social.fill('https://github.com/kargo-test');
  await social.press('Enter');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved successfully!')).toBeVisible();
  await admin.close();

  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  await visitor.goto('/privacy');
  const freshFooter = visitor.getByRole('contentinfo');
  await expect(freshFooter.getByRole('link', { name: 'ops@kargo.test' })).toHaveAttribute(
    'href',
    'mailto:ops@kargo.test',
  );
  await expect(freshFooter.getByRole('link', { name: 'Ulak on GitHub' })).toHaveAttribute(
    'href',
    'https://github.com/kargo-test',
  );
  // The legal page names the same address.
  await expect(
    visitor
      .getByRole('main')
      .getByText(/ops@kargo\.test/)
      .first(),
  ).toBeVisible();
  await fresh.close();
});

test("the top bar's badge and the System page show one version, package.json's", async ({ page }) => {
  await signIn(page, '/admin/system');
  await expect(page.getByText(`v${APP_VERSION}`, { exact: true })).toBeVisible();
  await expect(page.getByText(APP_VERSION, { exact: true })).toBeVisible();
  await expect(page.getByText('v1.0', { exact: true })).toHaveCount(0);
});

test('the session is kept per browser: a new tab is signed in, and Logout signs out every tab', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await signIn(first, '/admin');
  const second = await context.newPage();
  await second.goto('/admin/settings');
  await expect(second.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const token = await second.evaluate(
    () => (JSON.parse(localStorage.getItem('ulak_admin_session') ?? '{}') as { token?: string }).token ?? '',
  );
  expect(token).not.toBe('');

  await second.getByRole('button', { name: 'Logout' }).click();
  await second.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible();
  // The other tab drops to the sign-in form too, without a reload.
  await expect(first.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible();
  // And the token is refused by the server from now on.
  await expect
    .poll(async () =>
      (await request.get(`${API}/admin/settings`, { headers: { ...ANON_HEADERS, 'x-admin-token': token } })).status(),
    )
    .toBe(401);
  await context.close();
});

test("a report opens its file's details", async ({ page, request }) => {
  const name = `reported details ${Date.now()}.txt`;
  const shareId = await uploadThroughApi(request, name, 1200);
  const reported = await request.post(`${API}/shares/${shareId}/report`, {
    headers: ANON_HEADERS,
    data: { reason: 'abuse', text: 'Spam' },
  });
  expect(reported.ok()).toBe(true);

  await signIn(page, '/admin/reports');
  const report = page.getByTestId('report').filter({ hasText: name });
  await report.getByRole('button', { name: /Details/ }).click();
  const drawer = page.getByRole('dialog', { name: 'File details' });
  await expect(drawer.getByRole('heading', { name })).toBeVisible();
  await expect(drawer.getByText('text/plain', { exact: true })).toBeVisible();
});

test("a report of a transfer opens the transfer's files, and each file opens its own details", async ({
  page,
  request,
}) => {
  const created = await request.post(`${API}/transfers`, { headers: ANON_HEADERS, data: { senderName: 'Ada' } });
  expect(created.status()).toBe(201);
  const transfer = (await created.json()) as CreatedTransfer;
  const stamp = Date.now();
  await uploadThroughApi(request, `top ${stamp}.txt`, 300, { transfer, path: '' });
  await uploadThroughApi(request, `inner ${stamp}.txt`, 400, { transfer, path: 'docs/old' });
  const reported = await request.post(`${API}/shares/${transfer.shareId}/report`, {
    headers: ANON_HEADERS,
    data: { reason: 'abuse' },
  });
  expect(reported.ok()).toBe(true);

  await signIn(page, '/admin/reports');
  const report = page.getByTestId('report').filter({ hasText: transfer.shareId });
  await report.getByRole('button', { name: /Details/ }).click();
  const drawer = page.getByRole('dialog', { name: 'File details' });
  await expect(drawer.getByRole('heading', { name: 'A transfer of 2 files' })).toBeVisible();
  await expect(drawer.getByText('Ada', { exact: true })).toBeVisible();
  await expect(drawer.getByText(`docs/old/inner ${stamp}.txt`)).toBeVisible();
  await drawer.getByRole('button', { name: `Details of top ${stamp}.txt` }).click();
  await expect(drawer.getByRole('heading', { name: `top ${stamp}.txt` })).toBeVisible();
  await expect(drawer.getByText('text/plain', { exact: true })).toBeVisible();
});

test("the storage chart's axis labels are short and on one line", async ({ page, request }) => {
  // Some 13 MB stored, so the axis counts in MB.
  await uploadThroughApi(request, `storage chart ${Date.now()}.bin`, 13_500_000);
  await signIn(page, '/admin');
  const chart = page.getByRole('figure', { name: 'Storage used' });
  const ticks = chart.locator('.recharts-yAxis-tick-labels text.recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  const labels = await ticks.evaluateAll((nodes) =>
    nodes.map((node) => ({ lines: node.querySelectorAll('tspan').length, text: node.textContent ?? '' })),
  );
  expect(labels.length).toBeGreaterThan(1);
  for (const label of labels) {
    expect(label.lines, label.text).toBe(1);
    expect(label.text).toMatch(/^\d+(?:[.,]\d)? (?:B|KB|MB|GB|TB)$/);
  }
  expect(labels.some((label) => label.text.endsWith('MB'))).toBe(true);
});
