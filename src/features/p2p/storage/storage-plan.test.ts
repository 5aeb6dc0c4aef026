// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MEMORY_LIMIT_BYTES } from '../protocol/constants';
import { chooseStoragePlan } from './storage-plan';
import { GIB } from '@domain/constants';

describe('chooseStoragePlan', () => {
  it('writes one file where the person picks, when the browser can', () => {
    expect(chooseStoragePlan({ savePicker: true, privateFileSystem: true, available: null }, 1, 2 * GIB)).toEqual({
      kind: 'picker',
    });
  });

  it('uses private storage for several files, or without a save picker', () => {
    expect(chooseStoragePlan({ savePicker: true, privateFileSystem: true, available: 10 * GIB }, 3, 2 * GIB)).toEqual({
      kind: 'private',
    });
    expect(chooseStoragePlan({ savePicker: false, privateFileSystem: true, available: null }, 1, 2 * GIB)).toEqual({
      kind: 'private',
    });
  });

  it('falls back to memory up to its limit, and says when even that is too little', () => {
    const none = { savePicker: false, privateFileSystem: false, available: null };
    expect(chooseStoragePlan(none, 2, MEMORY_LIMIT_BYTES)).toEqual({ kind: 'memory', limit: MEMORY_LIMIT_BYTES });
    expect(chooseStoragePlan(none, 2, MEMORY_LIMIT_BYTES + 1)).toEqual({
      kind: 'too-large',
      limit: MEMORY_LIMIT_BYTES,
    });
    expect(
      chooseStoragePlan({ savePicker: false, privateFileSystem: true, available: 100 }, 1, MEMORY_LIMIT_BYTES + 1).kind,
    ).toBe('too-large');
  });
});
