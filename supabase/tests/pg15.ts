import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

export const PG15_BIN = '/usr/lib/postgresql/15/bin';

export interface Pg15Cluster {
  /** Superuser URL of the cluster's default database. */
  url: string;
  /** Creates an empty database on the cluster and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server but keeps its data (a database outage); resume() starts it again. */
  pause(): Promise<void>;
  /** Starts a paused server again, on the same port with the same data. */
  resume(): Promise<void>;
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts a throwaway PostgreSQL 15 cluster on 127.0.0.1 and a free port, its files and socket in
 * a temporary folder. initdb refuses to run as root (as we are here and in CI), so as root the
 * binaries run as the postgres user through runuser. Fails, never skips, when PostgreSQL 15 is
 * missing: the migrations must be proven on a real PostgreSQL, not only on PGlite.
 */
export async function startPg15(): Promise<Pg15Cluster> {
  if (!existsSync(path.join(PG15_BIN, 'initdb'))) {
    throw new Error(
      `PostgreSQL 15 is not installed (no ${PG15_BIN}/initdb). The database tests need it: apt-get install postgresql-15`,
    );
  }
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await postgresUser() : undefined;
  const pgRun = (bin: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(PG15_BIN, bin), ...args])
      : run(path.join(PG15_BIN, bin), args);

  const root = await mkdtemp(path.join(tmpdir(), 'ulak-pg15-'));
  const dataDir = path.join(root, 'data');
  try {
    if (owner) await chown(root, owner.uid, owner.gid);
    await pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);

    const startOn = (port: number) =>
      pgRun('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        path.join(root, 'server.log'),
        '-w',
        '-t',
        '30',
        '-o',
        [
          '-c listen_addresses=127.0.0.1',
          `-c port=${port}`,
          `-c unix_socket_directories=${root}`,
          // Throwaway data: durability costs time and buys nothing.
          '-c fsync=off',
          '-c synchronous_commit=off',
          '-c full_page_writes=off',
        ].join(' '),
        'start',
      ]);
    // A free port can be taken between asking and starting: try a few.
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await startOn(port);
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }

    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    let stopped = false;
    return {
      url,
      async createDatabase(name: string) {
        const admin = postgres(url, { max: 1, onnotice: () => {} });
        try {
          await admin.unsafe(`create database "${name.replace(/"/g, '""')}"`);
        } finally {
          await admin.end();
        }
        return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
      },
      async pause() {
        await pgRun('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      },
      async resume() {
        await startOn(port);
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await pgRun('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
        } finally {
          await rm(root, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await pgRun('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => {});
    await rm(root, { recursive: true, force: true });
    throw new Error(`Could not start a throwaway PostgreSQL 15: ${describe(error)}`);
  }
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  try {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    return { uid, gid };
  } catch {
    throw new Error('Running as root but there is no postgres user to run PostgreSQL 15 as (initdb refuses root).');
  }
}

function describe(error: unknown): string {
  const e = error as { message?: string; stderr?: string };
  return [e.message, e.stderr].filter(Boolean).join('\n');
}
