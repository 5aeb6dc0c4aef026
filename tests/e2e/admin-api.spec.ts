import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ADMIN_ENDPOINTS } from '../../supabase/tests/admin-endpoints';
import { ANON_HEADERS, API, adminToken, expiredSessionToken } from './fixtures/admin';

function forgedToken(): string {
  const payload = Buffer.from(
    JSON.stringify({ sub: 'admin', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }),
  ).toString('base64url');
  return `${payload}.${createHmac('sha256', 'a guessed secret').update(payload).digest('base64url')}`;
}

// Every admin endpoint of the running host refuses a caller without a genuine, unexpired
// session: none, a forged one (signed with another secret), an expired one (signed with this
// server's own secret), and garbage. Paths that do not exist answer the same, so nothing is learnt.
test('every /admin API path answers 401 without a session, with a forged one and with an expired one', async ({
  request,
}) => {
  const expired = await expiredSessionToken();
  const cases: [string, Record<string, string>][] = [
    ['no session', {}],
    ['forged session', { 'x-admin-token': forgedToken() }],
    ['expired session', { 'x-admin-token': expired }],
    ['garbage', { 'x-admin-token': 'not.a.token' }],
  ];
  for (const [method, path] of ADMIN_ENDPOINTS) {
    for (const [label, headers] of cases) {
      const res = await request.fetch(`${API}${path}`, {
        method,
        headers: { ...ANON_HEADERS, ...headers },
        data: method === 'POST' ? {} : undefined,
      });
      expect(res.status(), `${method} ${path} with ${label}`).toBe(401);
      expect(await res.json(), `${method} ${path} with ${label}`).toEqual({
        error: 'Admin session missing, invalid or expired. Please sign in again.',
        code: 'unauthorized',
      });
    }
  }
});

test('a genuine session from the sign-in is served', async ({ request }) => {
  const token = await adminToken(request);
  const res = await request.get(`${API}/admin/settings`, { headers: { ...ANON_HEADERS, 'x-admin-token': token } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ maxFileSizeGb: expect.any(Number), maintenanceMode: expect.any(Boolean) });
});

test('a session the server refuses signs the panel out', async ({ page }) => {
  await page.goto('/admin');
  await page.evaluate(
    (token) =>
      localStorage.setItem(
        'ulak_admin_session',
        JSON.stringify({ token, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
      ),
    forgedToken(),
  );
  await page.goto('/admin/uploads');
  // The page believed it was signed in; the API said no; the sign-in form is back.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible();
});
