// Where received files go, decided before Accept so the receiver is told. Pure: the browser's
// abilities come in as a value.
import { MEMORY_LIMIT_BYTES } from '../protocol/constants';

export interface StorageAbilities {
  /** window.showSaveFilePicker (Chromium): write straight into a file the person picks. */
  savePicker: boolean;
  /** The origin private file system with writable streams. */
  privateFileSystem: boolean;
  /** Bytes the origin may still store (navigator.storage.estimate), when known. */
  available: number | null;
}

export type StoragePlan =
  /** One file, written as it arrives into the file the person picks at Accept. */
  | { kind: 'picker' }
  /** Written as they arrive into this site's private storage; Save copies each one out. */
  | { kind: 'private' }
  /** Kept in memory (up to MEMORY_LIMIT_BYTES); Save hands each one over. */
  | { kind: 'memory'; limit: number }
  /** More than this browser can keep. */
  | { kind: 'too-large'; limit: number };

export function chooseStoragePlan(abilities: StorageAbilities, fileCount: number, totalBytes: number): StoragePlan {
  if (abilities.savePicker && fileCount === 1) return { kind: 'picker' };
  if (abilities.privateFileSystem && (abilities.available === null || totalBytes <= abilities.available)) {
    return { kind: 'private' };
  }
  if (totalBytes <= MEMORY_LIMIT_BYTES) return { kind: 'memory', limit: MEMORY_LIMIT_BYTES };
  return { kind: 'too-large', limit: Math.max(abilities.available ?? 0, MEMORY_LIMIT_BYTES) };
}
