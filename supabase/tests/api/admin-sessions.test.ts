// @vitest-environment node
// Admin sessions as an operator relies on them, against a real database (PGlite and PostgreSQL 15):
// logout ends a session on the server, a new password ends every earlier session, a token is read
// strictly, and failed sign-ins from many addresses together are capped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../functions/_shared/admin-auth.ts';
import type { AdminSession } from '../../functions/_shared/domain/admin-api-types.ts';
import { startTestPlatform, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body } from './upload-helpers.ts';

const PASSWORD = 'the first password';
const GLOBAL_CAP = 4;

describe.each(TARGETS)('admin sessions on %s', (target) => {
  let p: TestPlatform;
  let address = 0;
  /** Each sign-in from an address of its own, so the per-address limit stays out of the way. */
  const freshAddress = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

  const signIn = (password: string, headers: Record<string, string> = freshAddress()) =>
    p.call('POST', '/admin/login', { body: { username: 'admin', password }, headers });

  async function session(password = PASSWORD): Promise<string> {
    const res = await signIn(password);
    expect(res.status).toBe(200);
    return (await body<AdminSession>(res)).token;
  }

  const settingsWith = (token: string) => p.call('GET', '/admin/settings', { headers: { 'x-admin-token': token } });

  beforeAll(async () => {
    p = await startTestPlatform({ target });
    p.ctx.config.admin.passwordHash = await hashPassword(PASSWORD);
    p.ctx.config.limits.adminLoginFailuresPerMinute = GLOBAL_CAP;
  });
  afterAll(async () => {
    await p?.close();
  });

  it('logout ends the session on the server: its token gets 401 after, another session goes on', async () => {
    const token = await session();
    const other = await session();
    expect((await settingsWith(token)).status).toBe(200);

    const out = await p.call('POST', '/admin/logout', { headers: { 'x-admin-token': token } });
    expect(out.status).toBe(200);
    expect(await body(out)).toEqual({ loggedOut: true });

    const after = await settingsWith(token);
    expect(after.status).toBe(401);
    expect(await body(after)).toMatchObject({ code: 'unauthorized' });
    expect((await p.call('POST', '/admin/logout', { headers: { 'x-admin-token': token } })).status).toBe(401);
    expect((await settingsWith(other)).status).toBe(200);
  });

  it('a token from before a password change is refused after it; the new password signs in', async () => {
    const before = await session();
    expect((await settingsWith(before)).status).toBe(200);
    const original = p.ctx.config.admin.passwordHash;
    // As a restart with a new ADMIN_PASSWORD_HASH (or after npm run admin:password) gives.
    p.ctx.config.admin.passwordHash = await hashPassword('a new password');
    try {
      expect((await settingsWith(before)).status).toBe(401);
      expect((await signIn(PASSWORD)).status).toBe(401);
      expect((await settingsWith(await session('a new password'))).status).toBe(200);
    } finally {
      p.ctx.config.admin.passwordHash = original;
    }
  });

  it('reads a token strictly: anything added, cut or changed gets 401', async () => {
    const token = await session();
    const [id = '', exp = '', signature = ''] = token.split('.');
    const malformed = [
      `${token}.x`,
      `${token}.`,
      `${token}x`,
      `${token}=`,
      `${token}%20`,
      `x${token}`,
      `${id}.${exp}`,
      `${id}.${exp}.${signature}.${signature}`,
      `${id.toUpperCase()}.${exp}.${signature}`,
      `${id}.0${exp}.${signature}`,
      `${id}.${exp}.${signature.slice(0, -1)}`,
      `${id}..${exp}.${signature}`,
      token.replace(/\./g, '..'),
      'a.b.c',
      '.'.repeat(5000),
    ];
    for (const bad of malformed) {
      const res = await settingsWith(bad);
      expect(res.status, bad.slice(0, 120)).toBe(401);
    }
    expect((await settingsWith(token)).status).toBe(200);
  });

  it('caps failed sign-ins across all addresses: then 429 with Retry-After for everyone, the right password after', async () => {
    // A minute on: the failures of the tests before are out of the window.
    p.advanceTime(61_000);
    const failures = await Promise.all(Array.from({ length: GLOBAL_CAP }, () => signIn('wrong')));
    expect(failures.map((r) => r.status)).toEqual(Array(GLOBAL_CAP).fill(401));

    const paused = await signIn('wrong again');
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(paused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const refusal = await body<{ code: string; params: { retryAfterSeconds: number } }>(paused);
    expect(refusal.code).toBe('sign_in_paused');
    expect(String(refusal.params.retryAfterSeconds)).toBe(paused.headers.get('retry-after'));
    // The right password too, from an address that never failed: no password check runs.
    expect((await signIn(PASSWORD)).status).toBe(429);

    // Within the bound the answer named, the right password signs in again.
    p.advanceTime(refusal.params.retryAfterSeconds * 1000);
    expect((await signIn(PASSWORD)).status).toBe(200);
  });
});
