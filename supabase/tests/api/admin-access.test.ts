// @vitest-environment node
// Who may use the admin API, against a real database (PGlite and PostgreSQL 15): every admin path
// refuses a caller without a genuine, unexpired session, sign-in stays open, and a body too large
// is refused before it is read.
import { describe, expect, it } from 'vitest';
import { issueSession } from '../../functions/_shared/admin-auth.ts';
import { ADMIN_SESSION_TTL_SECONDS } from '../../functions/_shared/domain/constants.ts';
import { DEFAULT_SETTINGS } from '../../functions/_shared/domain/service-settings.ts';
import { ADMIN_ENDPOINTS } from '../admin-endpoints.ts';
import { TEST_ANON_KEY } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { adminPlatformForTests } from './admin-harness.ts';
import { body } from './upload-helpers.ts';

describe.each(TARGETS)('admin access on %s', (target) => {
  const { p, admin, token } = adminPlatformForTests(target);

  it.each(ADMIN_ENDPOINTS)(
    '%s %s answers 401 without a session, with a forged one and with an expired one',
    async (method, path) => {
      const expired = await issueSession(
        p.ctx.db,
        p.ctx.config,
        new Date(Date.now() - (ADMIN_SESSION_TTL_SECONDS + 60) * 1000),
      );
      const forged = await issueSession(
        p.ctx.db,
        { ...p.ctx.config, sessionSecret: 'not-the-server-secret' },
        new Date(),
      );
      const [id, exp, signature] = token().split('.');
      const tampered = `${id}.${Number(exp) + 1}.${signature}`;
      for (const header of [undefined, forged.token, expired.token, tampered, 'garbage', 'a.b.c']) {
        const res = await p.call(method, path, { headers: header === undefined ? {} : { 'x-admin-token': header } });
        expect(res.status, `${method} ${path} with ${header ?? 'no token'}`).toBe(401);
        expect(await body(res)).toEqual({
          error: 'Admin session missing, invalid or expired. Please sign in again.',
          code: 'unauthorized',
        });
      }
    },
  );

  it('wants the anon key too, and keeps sign-in open', async () => {
    const res = await p.handler(
      new Request('http://api.test/functions/v1/api/admin/dashboard', { headers: { 'x-admin-token': token() } }),
    );
    expect(res.status).toBe(401);
    expect(await body(res)).toMatchObject({ code: 'invalid_api_key' });
    const login = await p.call('POST', '/admin/login', { body: { username: 'admin', password: 'wrong' } });
    expect(login.status).toBe(401);
    expect(await body(login)).toMatchObject({ code: 'invalid_credentials' });
  });

  it('serves a genuine session', async () => {
    expect((await admin('GET', '/admin/settings')).status).toBe(200);
  });

  it('refuses a huge settings body without reading it whole', async () => {
    const res = await p.handler(
      new Request('http://api.test/functions/v1/api/admin/settings', {
        method: 'POST',
        headers: { apikey: TEST_ANON_KEY, 'x-admin-token': token(), 'content-type': 'application/json' },
        body: JSON.stringify({ ...DEFAULT_SETTINGS, pad: 'x'.repeat(100_000) }),
      }),
    );
    expect(res.status).toBe(413);
  });
});
