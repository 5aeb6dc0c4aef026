import type { ApiMetrics } from './api-metrics.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db.ts';
import type { CountryDatabase } from './geo.ts';
import type { Mailer } from './mailer.ts';
import type { Storage } from './storage.ts';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** What every handler gets: configuration, the database, storage (null while unconfigured). */
export interface ApiContext {
  config: ServerConfig;
  db: Db;
  storage: Storage | null;
  log: Logger;
  /** The clock, replaceable in tests that move time forward. */
  now: () => Date;
  /** Sends the share-link emails (POST /send); absent when the host has no way to send mail. */
  mailer?: Mailer;
  /** How mail leaves this host, for the admin's System page: 'smtp', or 'outbox' (files on disk). */
  mailTransport?: 'smtp' | 'outbox';
  /** A local GeoLite2 country database (GEOIP_DATABASE), opened once by the host. */
  countryDatabase?: CountryDatabase;
  /** The PeerJS server run by this host, for the admin's System page; absent when it runs elsewhere. */
  peerServer?: { connectedPeers(): number };
  /** Where the router and handlers count for GET /metrics; the Node host gives one, the Edge none. */
  metrics?: ApiMetrics;
}

export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};
