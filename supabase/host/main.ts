// `npm start`: the whole product on one machine, in one process, on one port (default 8080):
// the web app, the API at /functions/v1/*, embedded storage at /storage, PeerJS at /peerjs,
// embedded Postgres (or DATABASE_URL), and the 60-second expiry sweep.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiHandler } from '../functions/_shared/api.ts';
import { ConfigError, loadServerConfig } from '../functions/_shared/config.ts';
import { consoleLogger, type ApiContext } from '../functions/_shared/context.ts';
import { SWEEP_INTERVAL_MS } from '../functions/_shared/domain/constants.ts';
import { checkHealth, describeHealth } from '../functions/_shared/handlers/health.ts';
import { sweepExpired } from '../functions/_shared/handlers/sweep.ts';
import { createSmtpMailer } from '../functions/_shared/smtp-mailer.ts';
import { createStorage } from '../functions/_shared/storage.ts';
import { openDatabase } from './database.ts';
import { sendResponse, toRequest } from './http-bridge.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createPeerServer, PEERJS_PATH } from './peer-server.ts';
import { HostError, loadDotEnv, loadSecrets, prepareDataDir } from './settings.ts';
import { startEmbeddedStorage } from './storage-server.ts';
import { devHandler, ensureBuilt, staticHandler, type WebHandler } from './web-app.ts';

const EMBEDDED_BUCKET = 'ulak';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[ulak] ${message}`);

/** The database and storage explain their failures in a sentence: show it without the stack. */
function asHostError(error: unknown): never {
  throw new HostError(error instanceof Error ? error.message : String(error));
}

async function main(): Promise<void> {
  // The SDK warns about Node 20 support ending for versions after January 2027; ours is pinned.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dev = process.argv.includes('--dev');
  loadDotEnv(process.cwd());
  // An empty line in .env means "not set", so it must not override a generated value.
  const given = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v)) as Record<string, string>;
  const port = Number(given.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new HostError(`PORT "${given.PORT}" is not a port number.`);
  const host = given.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(given.DATA_DIR ?? path.join(root, 'data'));
  prepareDataDir(dataDir);
  const { secrets, newAdminPassword } = await loadSecrets(dataDir);

  // The port is taken first (so a clash is reported before any work), but requests wait for the
  // platform: until it is ready they get a 503 instead of hanging.
  let handle = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '2' }).end('Ulak is starting.');
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new HostError(
              `Port ${port} is already in use. Stop the program using it, or start with another port: PORT=${port + 1} npm start`,
            )
          : new HostError(`Cannot listen on ${host}:${port}: ${error.message}`),
      ),
    );
    server.listen(port, host, resolve);
  });
  const actualPort = (server.address() as { port: number }).port;
  const localOrigin = `http://localhost:${actualPort}`;
  const publicOrigin = (given.PUBLIC_ORIGIN ?? localOrigin).replace(/\/+$/, '');

  // Embedded storage unless an S3 endpoint is configured: served by this process under /storage.
  const embeddedStorage = !given.S3_ENDPOINT && !given.R2_ACCOUNT_ID;
  const env: Record<string, string | undefined> = {
    ANON_KEY: secrets.anonKey,
    SESSION_SECRET: secrets.sessionSecret,
    SWEEP_SECRET: secrets.sweepSecret,
    IP_HASH_SALT: secrets.ipHashSalt,
    ADMIN_USERNAME: secrets.adminUsername,
    ADMIN_PASSWORD_HASH: secrets.adminPasswordHash,
    ...given,
    PUBLIC_ORIGIN: publicOrigin,
    ...(embeddedStorage
      ? {
          S3_ENDPOINT: `http://127.0.0.1:${actualPort}/storage`,
          S3_PUBLIC_ENDPOINT: `${publicOrigin}/storage`,
          S3_BUCKET: EMBEDDED_BUCKET,
          S3_REGION: 'auto',
          S3_ACCESS_KEY_ID: secrets.storageAccessKeyId,
          S3_SECRET_ACCESS_KEY: secrets.storageSecretAccessKey,
        }
      : {}),
  };
  const config = loadServerConfig(env);
  const allowedOrigins = [...new Set([publicOrigin, localOrigin, `http://127.0.0.1:${actualPort}`])];

  const database = await openDatabase({ dataDir, databaseUrl: given.DATABASE_URL, log }).catch(asHostError);
  const storageServer = embeddedStorage
    ? await startEmbeddedStorage({
        dataDir,
        bucket: EMBEDDED_BUCKET,
        accessKeyId: secrets.storageAccessKeyId,
        secretAccessKey: secrets.storageSecretAccessKey,
        allowedOrigins,
        log,
      }).catch(asHostError)
    : null;
  const storage = config.storage ? createStorage(config.storage) : null;
  // Real SMTP when SMTP_URL is set; otherwise each mail is written to <DATA_DIR>/outbox as .eml.
  const mailFrom = given.MAIL_FROM ?? `${config.productName} <no-reply@${new URL(publicOrigin).hostname}>`;
  const outboxDir = path.join(dataDir, 'outbox');
  const mailer = given.SMTP_URL
    ? createSmtpMailer(given.SMTP_URL, mailFrom)
    : createOutboxMailer(outboxDir, mailFrom, log);
  const ctx: ApiContext = { config, db: database.db, storage, log: consoleLogger, now: () => new Date(), mailer };
  const api = createApiHandler(ctx);
  const peer = createPeerServer(server);

  const publicEnv: Record<string, string> = {
    VITE_SUPABASE_ANON_KEY: given.VITE_SUPABASE_ANON_KEY ?? config.anonKey,
    VITE_PRODUCT_NAME: given.VITE_PRODUCT_NAME ?? config.productName,
    ...(given.VITE_SUPABASE_URL ? { VITE_SUPABASE_URL: given.VITE_SUPABASE_URL } : {}),
    ...(given.VITE_CONTACT_EMAIL ? { VITE_CONTACT_EMAIL: given.VITE_CONTACT_EMAIL } : {}),
    ...(given.VITE_PEERJS_URL ? { VITE_PEERJS_URL: given.VITE_PEERJS_URL } : {}),
  };
  let web: WebHandler;
  let closeWeb = async () => {};
  if (dev) {
    const vite = await devHandler(root, server, publicEnv);
    web = vite.handle;
    closeWeb = vite.close;
  } else {
    // DIST_DIR lets two hosts (say, parallel test runs) build without overwriting each other.
    const distDir = path.resolve(given.DIST_DIR ?? path.join(root, 'dist'));
    await ensureBuilt(root, distDir, publicEnv, log);
    web = staticHandler(distDir);
  }

  const trustProxy = given.TRUST_PROXY === 'true';
  handle = (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/functions/v1/')) {
      api(toRequest(req, localOrigin, trustProxy))
        .then((response) => sendResponse(response, res))
        .catch((error: unknown) => {
          log(`API bridge error: ${String(error)}`);
          if (!res.headersSent) res.writeHead(500).end();
        });
    } else if (url.startsWith('/storage/') && storageServer) storageServer.handle(req, res);
    else if (url.startsWith(PEERJS_PATH)) peer.handle(req, res);
    else web(req, res);
  };
  server.on('upgrade', (req, socket, head) => {
    if (!peer.handleUpgrade(req, socket, head) && !dev) socket.destroy();
  });

  const sweep = async () => {
    try {
      const result = await sweepExpired(ctx);
      if (result.deletedFiles || result.abortedUploads) {
        log(`Sweep: deleted ${result.deletedFiles} expired file(s), aborted ${result.abortedUploads} stale upload(s).`);
      }
    } catch (error) {
      log(`Sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const sweepTimer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  void sweep();

  for (const line of describeHealth(await checkHealth(ctx))) log(line);
  log(
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(dataDir, 'pglite')}` : 'DATABASE_URL'}`,
  );
  log(
    `Mail: ${given.SMTP_URL ? 'sent over SMTP (SMTP_URL)' : `written to ${outboxDir} as .eml files (set SMTP_URL to send)`}`,
  );
  log(
    `Storage: ${embeddedStorage ? `embedded S3 in ${path.join(dataDir, 'storage')}` : (config.storage?.endpoint ?? 'not configured')}`,
  );
  if (newAdminPassword) {
    log(
      `Admin sign-in created (shown only this once): username "${secrets.adminUsername}", password "${newAdminPassword}"`,
    );
  }
  log(`Ulak is running at ${publicOrigin} (Ctrl-C stops it)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping...`);
    clearInterval(sweepTimer);
    peer.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeWeb();
    await storageServer?.close();
    await database.close();
    log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof HostError || error instanceof ConfigError) console.error(`[ulak] ${error.message}`);
  else console.error('[ulak] Start-up failed:', error);
  process.exit(1);
});
