import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../host/database.ts';
import { startPg15, type Pg15Cluster } from './pg15.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the PostgreSQL 15 cluster shared by this test run, when global-setup.ts ran. */
    pg15Url: string;
  }
}

/** The two databases the host may run on; every database test runs against both. */
export const TARGETS = ['pglite', 'pg15'] as const;
export type Target = (typeof TARGETS)[number];

export interface TestDatabase extends OpenedDatabase {
  /** Opens the same database again (a second start of the host). Close the first one before. */
  reopen(): Promise<OpenedDatabase>;
}

let ownCluster: Promise<Pg15Cluster> | undefined;
let databaseCounter = 0;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
  if (ownCluster) await (await ownCluster).stop();
  ownCluster = undefined;
});

/** A fresh, migrated database of the given kind, removed after the file's tests. */
export async function freshDatabase(target: Target): Promise<TestDatabase> {
  if (target === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-pglite-'));
    const open = () => openDatabase({ dataDir });
    const opened = await open();
    cleanups.push(async () => {
      await opened.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    return { ...opened, reopen: open };
  }
  const url = await createPg15Database();
  const open = () => openDatabase({ dataDir: '/nonexistent-unused', databaseUrl: url });
  const opened = await open();
  cleanups.push(() => opened.close());
  return { ...opened, reopen: open };
}

/** An empty database on the PostgreSQL 15 cluster of this run. */
export async function createPg15Database(): Promise<string> {
  // Unique across workers, which may share a pid when vitest runs them as threads.
  const name = `ulak_test_${process.pid}_${++databaseCounter}_${randomUUID().slice(0, 8)}`;
  const shared = inject('pg15Url') as string | undefined;
  if (shared) {
    const admin = postgres(shared, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(shared);
    url.pathname = `/${name}`;
    return url.toString();
  }
  ownCluster ??= startPg15();
  return (await ownCluster).createDatabase(name);
}
