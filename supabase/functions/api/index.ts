// Supabase Edge Functions entry of the `api` function (Deno). All logic lives in ../_shared and is
// the same code the Node host serves; this file only wires Deno's environment to it.
import { createApiHandler } from '../_shared/api.ts';
import { loadServerConfig } from '../_shared/config.ts';
import { consoleLogger } from '../_shared/context.ts';
import { createPostgresDb } from '../_shared/postgres-db.ts';
import { mailFromOf } from '../_shared/mailer.ts';
import { createSmtpMailer } from '../_shared/smtp-mailer.ts';
import { createStorage } from '../_shared/storage.ts';

const env = Deno.env.toObject();
const config = loadServerConfig({ ...env, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? env.SITE_URL });
// Edge instances are short-lived and many: keep each one's pool small.
const db = createPostgresDb(env.DATABASE_URL ?? env.SUPABASE_DB_URL ?? '', { max: 3 });
const storage = config.storage ? createStorage(config.storage) : null;

// Without SMTP_URL the API answers POST /send with 503 (the Edge has no outbox folder).
const mailer = env.SMTP_URL
  ? createSmtpMailer(env.SMTP_URL, mailFromOf(env.MAIL_FROM, config.productName, config.publicOrigin))
  : undefined;

Deno.serve(createApiHandler({ config, db, storage, log: consoleLogger, now: () => new Date(), mailer }));
