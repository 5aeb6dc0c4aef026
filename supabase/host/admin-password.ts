// The admin password of a one-machine host, as `npm run admin:password` sets it: a new hash in the
// data folder's secrets.json, written whole or not at all, and picked up by a running host without
// a restart. Sessions signed under the old hash end with it (their signatures no longer match).
import { readFileSync, renameSync, unwatchFile, watchFile, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { hashPassword } from '../functions/_shared/admin-auth.ts';
import { loadSecrets, type HostSecrets } from './settings.ts';

/**
 * How often a running host looks at secrets.json for a new password (default 2 s): a reset takes
 * effect before the operator has switched to the browser; a stat every 2 s costs nothing.
 */
export const SECRETS_POLL_MS = 2_000;

/** Password lengths the command takes: at least 12 characters, at most what sign-in reads (1,024). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const ADMIN_PASSWORD_MAX_LENGTH = 1024;

const secretsFile = (dataDir: string) => path.join(dataDir, 'secrets.json');

/**
 * Stores the hash of `password` as the admin's, creating the folder's secrets if it has none yet.
 * The file is replaced by a rename, so a host reading it meanwhile sees the old one or the new one.
 */
export async function writeAdminPassword(dataDir: string, password: string): Promise<HostSecrets> {
  const { secrets } = await loadSecrets(dataDir);
  const updated: HostSecrets = { ...secrets, adminPasswordHash: await hashPassword(password) };
  const file = secretsFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(updated, null, 2), { mode: 0o600 });
  renameSync(temporary, file);
  return updated;
}

/**
 * Calls `onChange` with the admin's password hash whenever secrets.json changes on disk (polled:
 * a rename replaces the file, which an inode watch would lose). Returns the function that stops it.
 */
export function followAdminPassword(dataDir: string, onChange: (hash: string) => void): () => void {
  const file = secretsFile(dataDir);
  const listener = (current: Stats, previous: Stats) => {
    if (current.mtimeMs === previous.mtimeMs && current.ino === previous.ino) return;
    try {
      const hash = (JSON.parse(readFileSync(file, 'utf8')) as Partial<HostSecrets>).adminPasswordHash;
      if (typeof hash === 'string' && hash.startsWith('pbkdf2-sha256$')) onChange(hash);
    } catch {
      // Unreadable for a moment (removed by hand, half copied back): the password stays as it was.
    }
  };
  watchFile(file, { interval: SECRETS_POLL_MS, persistent: false }, listener);
  return () => unwatchFile(file, listener);
}
