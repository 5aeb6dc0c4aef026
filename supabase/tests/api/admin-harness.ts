// What the admin API's tests share: a platform on the given database that believes a CDN's
// country header, a genuine admin session, and the settings at their defaults before each test.
import { beforeAll, beforeEach, expect } from 'vitest';
import { issueSession } from '../../functions/_shared/admin-auth.ts';
import type { PageOf, SystemLogDto } from '../../functions/_shared/domain/admin-api-types.ts';
import { DEFAULT_SETTINGS, type ServiceSettings } from '../../functions/_shared/domain/service-settings.ts';
import { platformForTests, type TestPlatform } from '../platform.ts';
import type { Target } from '../targets.ts';
import { body } from './upload-helpers.ts';

export interface AdminHarness {
  p: TestPlatform;
  /** A call with the session in use. */
  admin(method: string, path: string, requestBody?: unknown): Promise<Response>;
  /** The session token in use. */
  token(): string;
  /** Signs in again: a sign-in with the clock moved on deletes the sessions expired by then. */
  renewSession(): Promise<void>;
  /** Saves the default settings with `change` applied. */
  saveSettings(change: Partial<ServiceSettings>): Promise<Response>;
  /** The system log's entries of one event type, newest first. */
  adminLogs(eventType: string): Promise<SystemLogDto[]>;
}

/** Expects a 200 (showing the answer's body otherwise) and reads the body. */
export async function ok<T>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  expect(
    r.status,
    JSON.stringify(
      await r
        .clone()
        .json()
        .catch(() => null),
    ),
  ).toBe(200);
  return body<T>(r);
}

export function adminPlatformForTests(target: Target): AdminHarness {
  const p = platformForTests({ target, config: { trustedCountryHeader: 'cf-ipcountry' } });
  let token = '';
  const admin: AdminHarness['admin'] = (method, path, requestBody) =>
    p.call(method, path, { body: requestBody, headers: { 'x-admin-token': token } });
  const saveSettings: AdminHarness['saveSettings'] = (change) =>
    admin('POST', '/admin/settings', { ...DEFAULT_SETTINGS, ...change });
  const renewSession = async () => {
    token = (await issueSession(p.ctx.db, p.ctx.config, p.ctx.now())).token;
  };

  beforeAll(renewSession);
  beforeEach(async () => {
    expect((await saveSettings({})).status).toBe(200);
  });
  return {
    p,
    admin,
    token: () => token,
    renewSession,
    saveSettings,
    adminLogs: async (eventType) =>
      (await ok<PageOf<SystemLogDto>>(admin('GET', `/admin/system/logs?type=${eventType}`))).items,
  };
}
