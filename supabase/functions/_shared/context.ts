import type { ServerConfig } from './config.ts';
import type { Db } from './db.ts';
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
}

export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};
