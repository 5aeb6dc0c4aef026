// Runs Supabase's security advisor (the CLI's `db advisors`, the same lints as the dashboard) on
// our migrations, without Docker or a Supabase project: a throwaway PostgreSQL 15 gets the
// migrations through the host's own runner, then the CLI inspects it.
// Usage: npx tsx scripts/db-advisors.ts   (exit code 1 when the advisor reports a security error)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../supabase/host/database.ts';
import { startPg15 } from '../supabase/tests/pg15.ts';

async function main(): Promise<number> {
  const cluster = await startPg15();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ulak-advisors-'));
  try {
    const url = await cluster.createDatabase('ulak');
    const opened = await openDatabase({ dataDir, databaseUrl: url, log: (msg) => console.log(msg) });
    await opened.close();

    // Supabase CLI 3 names the target with --remote=<url> (older CLIs: --db-url <url>).
    // --fail-on error: warnings are printed for people to read; only an error fails the check.
    const args = [
      'supabase',
      'db',
      'advisors',
      `--remote=${url}`,
      '--type',
      'security',
      '--level',
      'info',
      '--fail-on',
      'error',
    ];
    console.log(`$ npx ${args.join(' ').replace(url, '<throwaway PostgreSQL 15>')}`);
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn('npx', args, { stdio: 'inherit', env: { ...process.env, SUPABASE_YES: '1' } });
      child.once('error', reject);
      child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    });
    console.log(code === 0 ? 'db-advisors: no security errors' : `db-advisors: the advisor failed (exit ${code})`);
    return code === 0 ? 0 : 1;
  } finally {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`db-advisors: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
