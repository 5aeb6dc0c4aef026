// Starts the product for the browser tests exactly as `npm start` does, on a fresh data folder
// (so every run begins empty) that is removed when the server stops. The anon key is fixed so the
// built app stays valid from one run to the next (the build is redone only when sources change),
// and each port gets its own build folder so parallel runs don't overwrite each other.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = process.env.PORT ?? '8181';
// A known folder per port (or E2E_DATA_DIR), emptied first: tests read the mail outbox in it.
// tests/e2e/fixtures/outbox.ts computes the same path.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `ulak-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const E2E_ANON_KEY = 'sb_publishable_e2e_0000000000000000000000';
// The admin sign-in of the browser tests: user "admin" with the password in
// tests/e2e/fixtures/admin.ts (made with: npx tsx scripts/hash-password.ts '<that password>').
const E2E_ADMIN_PASSWORD_HASH =
  'pbkdf2-sha256$210000$QLhIk0uPnCDk5WQKyXI8Yg$k-_oRMDkBDjGm0-nj6OiVxjo01iwC6WdDEgSc3YTJWU';
// Playwright stops the whole process group (npm, sh, tsx, the host) with SIGTERM: see
// gracefulShutdown in playwright.config.ts. We only wait for the host and clean up.
// What the host prints is also kept in <DATA_DIR>/host.log, so a test can check what it logs.
const log = createWriteStream(path.join(dataDir, 'host.log'));
const child = spawn('npm', ['start'], {
  stdio: ['inherit', 'pipe', 'pipe'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DIST_DIR: path.resolve(import.meta.dirname, `../.tmp/e2e-dist-${port}`),
    ANON_KEY: E2E_ANON_KEY,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD_HASH: E2E_ADMIN_PASSWORD_HASH,
  },
});
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  from.pipe(to);
  from.pipe(log, { end: false });
}
process.on('SIGTERM', () => child.kill('SIGTERM'));
process.on('SIGINT', () => child.kill('SIGTERM'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
