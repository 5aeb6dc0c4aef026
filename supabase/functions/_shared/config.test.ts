import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadServerConfig } from './config.ts';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** What `supabase secrets set` gives the Edge entry: no APP_VERSION among them. */
const edgeSecrets = {
  PUBLIC_ORIGIN: 'https://app.example',
  ANON_KEY: 'sb_publishable_config_test_000000000000000',
  SESSION_SECRET: 'session',
  SWEEP_SECRET: 'sweep',
  IP_HASH_SALT: 'salt',
  ADMIN_USERNAME: 'operator',
  ADMIN_PASSWORD_HASH: 'pbkdf2-sha256$210000$QLhIk0uPnCDk5WQKyXI8Yg$k-_oRMDkBDjGm0-nj6OiVxjo01iwC6WdDEgSc3YTJWU',
};

describe('the version the admin sees', () => {
  it('is the version the admin panel badge shows (package.json), with no APP_VERSION in the environment', () => {
    expect(loadServerConfig(edgeSecrets).version).toBe(packageVersion);
  });

  it('cannot be told apart from the badge by the environment', () => {
    expect(loadServerConfig({ ...edgeSecrets, APP_VERSION: '9.9.9' }).version).toBe(packageVersion);
  });
});
