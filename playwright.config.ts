import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

// Browser tests run against the app started the way a user starts it (`npm start`), on a port of
// its own and a throwaway data folder, in Debian's Chromium (never a downloaded browser).
const PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_ORIGIN = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: E2E_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    // The host listens on 127.0.0.1; this check does not try 127.0.0.1 when localhost is ::1 first.
    url: `http://127.0.0.1:${PORT}/functions/v1/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    // Lets the host close the database and storage cleanly, and the data folder be removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(PORT) },
  },
});
