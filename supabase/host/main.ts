// `npm start`: the whole product on one machine, in one process, on one port (default 8080):
// the web app, the API at /functions/v1/*, embedded storage at /storage, PeerJS at /peerjs,
// embedded Postgres (or DATABASE_URL), and the 60-second expiry sweep.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiHandler } from '../functions/_shared/api.ts';
import { ApiMetrics } from '../functions/_shared/api-metrics.ts';
import { ConfigError, loadServerConfig, readTrustedProxies } from '../functions/_shared/config.ts';
import { consoleLogger, type ApiContext } from '../functions/_shared/context.ts';
import { SWEEP_INTERVAL_MS } from '../functions/_shared/domain/constants.ts';
import { checkHealth, describeHealth } from '../functions/_shared/handlers/health.ts';
import { sweepExpired } from '../functions/_shared/handlers/sweep.ts';
import { mailFromOf } from '../functions/_shared/mailer.ts';
import { createSmtpMailer } from '../functions/_shared/smtp-mailer.ts';
import { createStorage } from '../functions/_shared/storage.ts';
import { followAdminPassword } from './admin-password.ts';
import { openCountryDatabase } from './geoip.ts';
import { DatabaseUnreachable, openDatabase, type OpenedDatabase } from './database.ts';
import { createDiskReserve, describeShortage } from './disk-reserve.ts';
import { createHostHandler } from './host-handler.ts';
import { sendResponse, toRequest } from './http-bridge.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createMetricsEndpoint, METRICS_PATH, readMetricsToken, storedTotals } from './metrics-endpoint.ts';
import { loadPageRenderer } from './page-render.ts';
import { readPeerLimits } from './peer/limits.ts';
import { createPeerServer, PEERJS_PATH } from './peer-server.ts';
import { hostHeaders, originOf, pageHeaders } from './security-headers.ts';
import { checkListenHost, HostError, loadDotEnv, loadSecrets, megabytes, prepareDataDir } from './settings.ts';
import { startEmbeddedStorage } from './storage/embedded-storage.ts';
import { devHandler, ensureBuilt, staticHandler, type WebHandler } from './web-app.ts';

const EMBEDDED_BUCKET = 'ulak';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[ulak] ${message}`);

/** The database and storage explain their failures in a sentence: show it without the stack. */
function asHostError(error: unknown): never {
  throw new HostError(error instanceof Error ? error.message : String(error));
}

/**
 * Free disk space no write of ours takes, the embedded storage's and the embedded database's
 * (STORAGE_MIN_FREE_MB, default 1024): room for the system and its logs when uploads fill a disk.
 */
const DEFAULT_STORAGE_MIN_FREE_MB = 1024;
/** How long a stop waits for the database to close (default 5 s) before the process exits anyway. */
const STOP_DATABASE_WAIT_MS = 5_000;
/**
 * The longest a stop may take in all (default 10 s): a connection or server that never finishes
 * closing must not keep a stopped host alive, since a supervisor then has to kill it.
 */
const STOP_DEADLINE_MS = 10_000;
/** Waits between attempts to reach a database that is not up yet: 1 s, doubling up to 30 s. */
const DATABASE_RETRY_MAX_MS = 30_000;

/**
 * Opens the database, waiting for it while it cannot be reached (a database that starts after us,
 * or restarts): the host keeps answering 503 meanwhile and says so once per attempt.
 */
async function openDatabaseWhenReachable(options: Parameters<typeof openDatabase>[0]): Promise<OpenedDatabase> {
  for (let wait = 1_000; ; wait = Math.min(wait * 2, DATABASE_RETRY_MAX_MS)) {
    try {
      return await openDatabase(options);
    } catch (error) {
      if (!(error instanceof DatabaseUnreachable)) asHostError(error);
      log(`${error.message} Trying again in ${wait / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
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
  const host = checkListenHost(given.HOST ?? '127.0.0.1');
  const trustedProxies = readTrustedProxies(given);
  const peerLimits = readPeerLimits(given);
  const metricsToken = readMetricsToken(given);
  const storageMinFree = megabytes(given, 'STORAGE_MIN_FREE_MB', DEFAULT_STORAGE_MIN_FREE_MB);
  const dataDir = path.resolve(given.DATA_DIR ?? path.join(root, 'data'));
  prepareDataDir(dataDir);
  const reserve = createDiskReserve(storageMinFree);
  if (!given.DATABASE_URL) await reserve.holdDatabase(dataDir);
  // Nothing is written (not even the secrets) on a disk that cannot take it. The database's floor,
  // not the storage's: a host whose uploads filled the disk still starts, so its sweep and its
  // admin can make room.
  const room = await reserve.room(dataDir, 0, 'database');
  if (!room.ok) throw new HostError(describeShortage(dataDir, room, reserve));
  const { secrets, newAdminPassword } = await loadSecrets(dataDir);

  // The port is taken first (so a clash is reported before any work), but requests wait for the
  // platform: until it is ready they get a 503 instead of hanging.
  let handle = (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '2' }).end('Ulak is starting.');
  };
  const server = createServer((req, res) => handle(req, res));
  // A request line or headers that do not parse (or take too long) get a 400 and a closed
  // connection, never an exception.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (socket.writable && !socket.destroyed) {
      const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy();
  });
  server.headersTimeout = 30_000;
  // A whole request, body included, must arrive within the life of a part URL (15 minutes): an
  // 8 MiB part then needs about 75 kbit/s, and a stalled or endless body is cut off.
  server.requestTimeout = 15 * 60_000;
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

  const database = await openDatabaseWhenReachable({ dataDir, databaseUrl: given.DATABASE_URL, log, reserve });
  const storageServer = embeddedStorage
    ? await startEmbeddedStorage({
        dataDir,
        bucket: EMBEDDED_BUCKET,
        accessKeyId: secrets.storageAccessKeyId,
        secretAccessKey: secrets.storageSecretAccessKey,
        allowedOrigins,
        log,
        reserve,
      }).catch(asHostError)
    : null;
  const storage = config.storage ? createStorage(config.storage) : null;
  // Real SMTP when SMTP_URL is set; otherwise each mail is written to <DATA_DIR>/outbox as .eml.
  const mailFrom = mailFromOf(given.MAIL_FROM, config.productName, publicOrigin);
  const outboxDir = path.join(dataDir, 'outbox');
  const mailer = given.SMTP_URL
    ? createSmtpMailer(given.SMTP_URL, mailFrom)
    : createOutboxMailer(outboxDir, mailFrom, log);
  const countryDatabase = given.GEOIP_DATABASE
    ? await openCountryDatabase(given.GEOIP_DATABASE).catch(asHostError)
    : undefined;
  const peer = createPeerServer(server, { limits: peerLimits, trustedProxies });
  const metrics = new ApiMetrics();
  const ctx: ApiContext = {
    config,
    db: database.db,
    storage,
    log: consoleLogger,
    now: () => new Date(),
    mailer,
    mailTransport: given.SMTP_URL ? 'smtp' : 'outbox',
    countryDatabase,
    peerServer: peer,
    metrics,
  };
  const api = createApiHandler(ctx);
  // `npm run admin:password` writes a new hash to secrets.json; a hash from the environment wins.
  const stopFollowingPassword = given.ADMIN_PASSWORD_HASH
    ? () => {}
    : followAdminPassword(dataDir, (hash) => {
        if (hash === config.admin.passwordHash) return;
        config.admin.passwordHash = hash;
        log('The admin password was changed (npm run admin:password): every earlier admin session has ended.');
      });

  const publicEnv: Record<string, string> = {
    VITE_SUPABASE_ANON_KEY: given.VITE_SUPABASE_ANON_KEY ?? config.anonKey,
    VITE_PRODUCT_NAME: given.VITE_PRODUCT_NAME ?? config.productName,
    ...(given.VITE_SUPABASE_URL ? { VITE_SUPABASE_URL: given.VITE_SUPABASE_URL } : {}),
    ...(given.VITE_PEERJS_URL ? { VITE_PEERJS_URL: given.VITE_PEERJS_URL } : {}),
  };
  // The pages may connect to the app's own origin (API, storage and peer server on this host), and
  // to an API, a bucket and a PeerJS server elsewhere when configured so.
  const headers = pageHeaders({
    connect: [
      publicOrigin,
      originOf(given.VITE_SUPABASE_URL),
      originOf(given.VITE_PEERJS_URL),
      embeddedStorage ? null : originOf(config.storage?.publicEndpoint ?? config.storage?.endpoint),
    ].filter((o): o is string => o !== null),
  });
  let web: WebHandler;
  let closeWeb = async () => {};
  if (dev) {
    const vite = await devHandler(root, server, publicEnv);
    web = vite.handle;
    closeWeb = vite.close;
  } else {
    // Built per data folder by default, so two hosts from one checkout never share a build.
    const distDir = path.resolve(given.DIST_DIR ?? path.join(dataDir, 'web-app'));
    await ensureBuilt(root, distDir, publicEnv, log);
    const render = await loadPageRenderer({
      distDir,
      origin: publicOrigin,
      api,
      toVisitor: (req) => toRequest(req, localOrigin, trustedProxies),
      log,
    });
    web = staticHandler(distDir, headers, render);
  }

  const everyAnswer = Object.entries(hostHeaders(publicOrigin));
  const route = createHostHandler({
    api: async (req, res) => {
      const response = await api(toRequest(req, localOrigin, trustedProxies));
      await sendResponse(response, res).catch(() => res.destroy()); // the client went away
    },
    storage: storageServer ? (req, res) => storageServer.handle(req, res) : null,
    peer: (req, res) => peer.handle(req, res),
    metrics: createMetricsEndpoint({
      metrics,
      token: metricsToken,
      trustedProxies,
      readStoredTotals: () => storedTotals(database.db),
      peerConnections: () => peer.connectedPeers(),
      log,
    }),
    web,
    peerPath: PEERJS_PATH,
    metricsPath: METRICS_PATH,
    log,
  });
  handle = (req, res) => {
    for (const [name, value] of everyAnswer) res.setHeader(name, value);
    route(req, res);
  };
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    try {
      if (!peer.handleUpgrade(req, socket, head) && !dev) socket.destroy();
    } catch (error) {
      log(
        `Upgrade of ${(req.url ?? '').slice(0, 200)} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      socket.destroy();
    }
  });

  const sweep = async () => {
    try {
      // Skipped when another host on this database swept within the minute, or is sweeping.
      const result = await sweepExpired(ctx, 'timer');
      metrics.sweepRan(result);
      if (result.deletedFiles || result.abortedUploads) {
        log(`Sweep: deleted ${result.deletedFiles} expired file(s), aborted ${result.abortedUploads} stale upload(s).`);
      }
    } catch (error) {
      metrics.sweepRan(null);
      log(`Sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // The run going on, which a stop waits for: cut off, it would leave its claim on the sweep to
  // lapse, and every host's sweep would wait out that lease.
  let sweeping = sweep();
  const sweepTimer = setInterval(() => {
    sweeping = sweep();
  }, SWEEP_INTERVAL_MS);

  for (const line of describeHealth(await checkHealth(ctx))) log(line);
  log(
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(dataDir, 'pglite')}` : 'DATABASE_URL'}`,
  );
  log(
    `Mail: ${given.SMTP_URL ? 'sent over SMTP (SMTP_URL)' : `written to ${outboxDir} as .eml files (set SMTP_URL to send)`}`,
  );
  log(
    `Countries of downloads: ${
      [
        config.trustedCountryHeader ? `header ${config.trustedCountryHeader}` : '',
        given.GEOIP_DATABASE ? `database ${given.GEOIP_DATABASE}` : '',
      ]
        .filter(Boolean)
        .join(', ') || "none configured ('Unknown'; see TRUSTED_COUNTRY_HEADER and GEOIP_DATABASE)"
    }`,
  );
  log(
    `Storage: ${embeddedStorage ? `embedded S3 in ${path.join(dataDir, 'storage')}` : (config.storage?.endpoint ?? 'not configured')}`,
  );
  if (newAdminPassword) {
    log(
      `Admin sign-in created (shown only this once): username "${secrets.adminUsername}", password "${newAdminPassword}"`,
    );
  } else if (!given.ADMIN_PASSWORD_HASH) {
    log(`Admin sign-in: username "${config.admin.username}" (npm run admin:password sets a new password)`);
  }
  log(`Ulak is running at ${publicOrigin} (Ctrl-C stops it)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping...`);
    setTimeout(() => {
      log('Stopped (not everything closed in time; the data recovers on the next start).');
      process.exit(0);
    }, STOP_DEADLINE_MS).unref();
    clearInterval(sweepTimer);
    stopFollowingPassword();
    peer.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await sweeping;
    await closeWeb();
    await storageServer?.close();
    const closed = await Promise.race([
      database.close().then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_DATABASE_WAIT_MS).unref()),
    ]).catch(() => false);
    log(closed ? 'Stopped.' : 'Stopped (the database did not close in time; it recovers on the next start).');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

// Nothing a request does may end the process: a throw that escaped every handler (a library's
// callback, a stream error nobody listened to) is logged in one line and the host goes on.
process.on('uncaughtException', (error) => {
  log(`Unexpected error (the host keeps running): ${error.stack ?? error.message}`);
});
process.on('unhandledRejection', (reason) => {
  log(
    `Unhandled rejection (the host keeps running): ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
  );
});

main().catch((error: unknown) => {
  if (error instanceof HostError || error instanceof ConfigError) console.error(`[ulak] ${error.message}`);
  else if (['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException).code ?? '')) {
    console.error('[ulak] The disk is full: Ulak could not write its data folder. Free some space and start again.');
  } else console.error('[ulak] Start-up failed:', error);
  process.exit(1);
});
