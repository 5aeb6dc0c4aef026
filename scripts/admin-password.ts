// `npm run admin:password`: sets a new admin password for the one-machine host, whether or not it
// is running (a running host picks it up within seconds; every session signed in before ends).
// With nothing on stdin it makes a password and prints it once; piped, it takes the first line:
//   npm run admin:password
//   printf '%s\n' 'my new password' | npm run admin:password
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_PASSWORD_MIN_LENGTH,
  SECRETS_POLL_MS,
  writeAdminPassword,
} from '../supabase/host/admin-password.ts';
import { HostError, loadDotEnv, prepareDataDir } from '../supabase/host/settings.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  loadDotEnv(process.cwd());
  if (process.env.ADMIN_PASSWORD_HASH?.trim()) {
    throw new HostError(
      'ADMIN_PASSWORD_HASH is set (environment or .env), and it wins over the data folder: put the output of npx tsx scripts/hash-password.ts "new password" there instead, and restart.',
    );
  }
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || path.join(root, 'data'));
  let password: string;
  let given = false;
  if (process.stdin.isTTY) {
    password = randomBytes(15).toString('base64url');
  } else {
    password = (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
    given = password !== '';
    if (!given) password = randomBytes(15).toString('base64url');
  }
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH || password.length > ADMIN_PASSWORD_MAX_LENGTH) {
    throw new HostError(
      `The password must have ${ADMIN_PASSWORD_MIN_LENGTH} to ${ADMIN_PASSWORD_MAX_LENGTH} characters; nothing was changed.`,
    );
  }
  prepareDataDir(dataDir);
  const secrets = await writeAdminPassword(dataDir, password);
  console.log(
    given
      ? `Admin password set for username "${secrets.adminUsername}" in ${dataDir}.`
      : `Admin password set (shown only this once): username "${secrets.adminUsername}", password "${password}"`,
  );
  console.log(
    `A running host uses it within ${SECRETS_POLL_MS / 1000} s, and every admin session signed in before has ended.`,
  );
}

main().catch((error: unknown) => {
  console.error(`[ulak] ${error instanceof Error && error.name === 'HostError' ? error.message : String(error)}`);
  process.exit(1);
});
