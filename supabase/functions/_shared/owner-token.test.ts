import { describe, expect, it } from 'vitest';
import { hashOwnerToken, newOwnerToken, ownerTokenMatches } from './owner-token.ts';

describe('owner token', () => {
  it('is 32 random bytes in base64url, different every time', () => {
    const a = newOwnerToken();
    const b = newOwnerToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('hashes to the hex SHA-256 the database stores', async () => {
    expect(await hashOwnerToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each<[string | null, boolean]>([
    ['abc', true],
    ['abd', false],
    ['', false],
    [null, false],
  ])('token %j matches the hash of "abc": %s', async (token, expected) => {
    expect(await ownerTokenMatches(token, await hashOwnerToken('abc'))).toBe(expected);
  });
});
