// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { INVALID_ANON_KEY_MESSAGE, INVALID_URL_MESSAGE, parsePublicEnv } from './env';

const ORIGIN = 'https://ulak.example';
const PUBLISHABLE = 'sb_publishable_abcdefghijklmnopqrstuvwxyz';
// A JWT's three base64url parts; legacy anon keys are at least 100 characters long.
const LEGACY_JWT = `eyJ${'a'.repeat(40)}.${'b'.repeat(60)}.${'c'.repeat(43)}`;

describe('parsePublicEnv', () => {
  it('fills defaults from the page origin when only the key is given', () => {
    expect(parsePublicEnv({ VITE_SUPABASE_ANON_KEY: PUBLISHABLE }, ORIGIN)).toEqual({
      supabaseUrl: ORIGIN,
      supabaseAnonKey: PUBLISHABLE,
      productName: 'Ulak',
      peerjsUrl: `${ORIGIN}/peerjs`,
    });
  });

  it('takes the given values and drops a trailing slash from the URL', () => {
    const env = parsePublicEnv(
      {
        VITE_SUPABASE_URL: 'https://abc.supabase.co/',
        VITE_SUPABASE_ANON_KEY: LEGACY_JWT,
        VITE_PRODUCT_NAME: 'Kargo',
      },
      ORIGIN,
    );
    expect(env.supabaseUrl).toBe('https://abc.supabase.co');
    expect(env.productName).toBe('Kargo');
    expect(env.peerjsUrl).toBe('https://abc.supabase.co/peerjs');
  });

  it('takes a separate PeerJS server from VITE_PEERJS_URL', () => {
    const env = parsePublicEnv(
      { VITE_SUPABASE_ANON_KEY: PUBLISHABLE, VITE_PEERJS_URL: 'https://signal.example/peerjs/' },
      ORIGIN,
    );
    expect(env.peerjsUrl).toBe('https://signal.example/peerjs');
  });

  it.each(['not a url', 'ftp://files.example', '//missing-scheme'])(
    'refuses the URL %s with the operator message',
    (url) => {
      expect(() => parsePublicEnv({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: PUBLISHABLE }, ORIGIN)).toThrow(
        INVALID_URL_MESSAGE,
      );
    },
  );

  it.each([
    ['missing', undefined],
    ['empty', '  '],
    ['a short JWT', `eyJ${'a'.repeat(20)}.${'b'.repeat(20)}.${'c'.repeat(8)}`],
    ['a long token that is not a JWT', `eyJ${'a'.repeat(120)}`],
    ['a short publishable key', 'sb_publishable_short'],
    ['a publishable key with bad characters', 'sb_publishable_abcdefghij$%klmnopqrstuv'],
    ['a secret key', 'sb_secret_abcdefghijklmnopqrstuvwxyz'],
  ])('refuses an anon key that is %s', (_label, key) => {
    expect(() => parsePublicEnv({ VITE_SUPABASE_ANON_KEY: key }, ORIGIN)).toThrow(INVALID_ANON_KEY_MESSAGE);
  });

  it('accepts a legacy JWT of at least 100 characters', () => {
    const key = `eyJ${'a'.repeat(30)}.${'b'.repeat(30)}.${'c'.repeat(35)}`;
    expect(parsePublicEnv({ VITE_SUPABASE_ANON_KEY: key }, ORIGIN).supabaseAnonKey).toBe(key);
  });
});
