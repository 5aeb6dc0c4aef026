// The steps of the README's deployment, run by the tests that prove it (edge-entry.test.ts and
// ../multi-host): a database migrated the way Supabase migrates one, a bucket set up by the
// operator's script, and the secrets every API process of one deployment shares.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { hashPassword } from '../../functions/_shared/admin-auth.ts';
import { createPostgresDb } from '../../functions/_shared/postgres-db.ts';
import { bootstrapRoles } from '../../host/database.ts';
import { createBucket, type Radosgw } from '../second-s3/radosgw.ts';

const run = promisify(execFile);
// As the host does: the SDK's notice about Node 20 says nothing about our code.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const root = path.resolve(import.meta.dirname, '../../..');
/** A CLI step may take this long on a loaded 2-core machine before it counts as hung. */
const STEP_TIMEOUT_MS = 180_000;

/**
 * Applies supabase/migrations to an empty PostgreSQL as `supabase migration up` does on Supabase:
 * the Supabase CLI itself, against the database URL. The roles Supabase's platform has
 * (anon, authenticated, service_role) are made first, as the host does for a plain PostgreSQL.
 */
export async function migrateTheSupabaseWay(databaseUrl: string): Promise<string> {
  const db = createPostgresDb(databaseUrl, { max: 1 });
  try {
    await bootstrapRoles(db);
  } finally {
    await db.close();
  }
  const { stdout, stderr } = await run('npx', ['supabase', 'migration', 'up', `--remote=${databaseUrl}`, '--yes'], {
    cwd: root,
    timeout: STEP_TIMEOUT_MS,
    env: { ...process.env, SUPABASE_YES: '1' },
  });
  return `${stdout}${stderr}`;
}

/**
 * A bucket on radosgw, set up as the README's step 2 sets up R2's: created, then given its CORS
 * and lifecycle rules by scripts/storage-setup.ts. Answers the S3_* settings of the API.
 */
export async function bucketOn(rgw: Radosgw, bucket: string, publicOrigin: string): Promise<Record<string, string>> {
  await createBucket(rgw, bucket);
  const env = {
    S3_ENDPOINT: rgw.endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: rgw.accessKeyId,
    S3_SECRET_ACCESS_KEY: rgw.secretAccessKey,
  };
  await run(process.execPath, ['--import', 'tsx', 'scripts/storage-setup.ts'], {
    cwd: root,
    timeout: STEP_TIMEOUT_MS,
    env: { ...process.env, ...env, PUBLIC_ORIGIN: publicOrigin },
  });
  return env;
}

export interface SharedSecrets {
  /** The secrets every API process of one deployment is given alike. */
  env: Record<string, string>;
  adminPassword: string;
}

/**
 * What the processes of one deployment must share: the anon key, the session secret (a session
 * signed by one is good on all), the sweep secret, the visitor-hash salt (one visitor is one
 * visitor on every host, so the quotas hold) and the admin's sign-in.
 */
export async function sharedSecrets(anonKey: string): Promise<SharedSecrets> {
  const secret = () => randomBytes(32).toString('base64url');
  const adminPassword = secret();
  return {
    adminPassword,
    env: {
      ANON_KEY: anonKey,
      SESSION_SECRET: secret(),
      SWEEP_SECRET: secret(),
      IP_HASH_SALT: secret(),
      ADMIN_USERNAME: 'operator',
      ADMIN_PASSWORD_HASH: await hashPassword(adminPassword),
    },
  };
}
