// The one-machine host's settings: the environment (and .env), the data folder, and the secrets it
// generates on first start and keeps there, so a second start reuses them.
import { createHmac, randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { hashPassword } from '../functions/_shared/admin-auth.ts';

export interface HostSecrets {
  sessionSecret: string;
  sweepSecret: string;
  ipHashSalt: string;
  /** Signs the embedded anon key (a legacy-format Supabase JWT). */
  jwtSecret: string;
  anonKey: string;
  storageAccessKeyId: string;
  storageSecretAccessKey: string;
  adminUsername: string;
  adminPasswordHash: string;
}

/** A failure the host explains in one sentence instead of a stack trace. */
export class HostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostError';
  }
}

const random = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** A legacy-format anon key: an HS256 JWT with role anon, as Supabase issues. */
function anonJwt(secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'ulak', role: 'anon', iat, exp: iat + 10 * 365 * 24 * 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/**
 * Creates `dir` and its missing parents (0700), one level at a time. Node's own recursive mkdir
 * never returns where the file system says a parent that exists has no such entry (mkdir under
 * /proc gives ENOENT): it tries the parent again, forever.
 */
function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    const parent = path.dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw error;
    makeFolder(parent);
    mkdirSync(dir, { mode: 0o700 });
  }
}

/**
 * Makes sure the data folder exists, is ours alone (0700: it holds the secrets, the database and
 * every stored file) and is ours to read and write, or says why not.
 */
export function prepareDataDir(dataDir: string): void {
  try {
    makeFolder(dataDir);
    if (!statSync(dataDir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    chmodSync(dataDir, 0o700);
    accessSync(dataDir, constants.R_OK | constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new HostError(
      `The data folder ${dataDir} cannot be read or written (${code}). Fix its permissions or set DATA_DIR to another folder.`,
    );
  }
}

/**
 * Loads the secrets of this data folder, creating them on first start. The admin password exists
 * in clear only in the returned `newAdminPassword`, printed once by the caller.
 */
export async function loadSecrets(dataDir: string): Promise<{ secrets: HostSecrets; newAdminPassword?: string }> {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    try {
      return { secrets: JSON.parse(readFileSync(file, 'utf8')) as HostSecrets };
    } catch (error) {
      throw new HostError(
        `${file} cannot be read (${(error as Error).message}). Restore it or remove it to start anew.`,
      );
    }
  }
  const password = random(15);
  const jwtSecret = random();
  const secrets: HostSecrets = {
    sessionSecret: random(),
    sweepSecret: random(),
    ipHashSalt: random(),
    jwtSecret,
    anonKey: anonJwt(jwtSecret),
    storageAccessKeyId: `ULAK${randomBytes(8).toString('hex').toUpperCase()}`,
    storageSecretAccessKey: random(30),
    adminUsername: 'admin',
    adminPasswordHash: await hashPassword(password),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return { secrets, newAdminPassword: password };
}

/** Reads .env from the working folder when present; real environment variables win. */
export function loadDotEnv(cwd: string): void {
  const file = path.join(cwd, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/** A host name or address to listen on: an IP address, or a DNS name of letters, digits, dots and hyphens. */
export function checkListenHost(host: string): string {
  const name =
    /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
  if (isIP(host) === 0 && !name.test(host)) {
    throw new HostError(
      `HOST "${host}" is not an address to listen on: use an IP address (127.0.0.1, 0.0.0.0, ::) or a host name.`,
    );
  }
  return host;
}

/** A whole number of megabytes from the environment, or the default; anything else is refused. */
export function megabytes(given: Record<string, string>, name: string, fallback: number): number {
  const raw = given[name];
  if (raw === undefined) return fallback * 1024 * 1024;
  if (!/^\d+$/.test(raw.trim())) throw new HostError(`${name} must be a whole number of megabytes, not "${raw}".`);
  return Number(raw.trim()) * 1024 * 1024;
}
