import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@domain': fileURLToPath(new URL('./supabase/functions/_shared/domain', import.meta.url)),
};

/**
 * The hostile-traffic, fault and second-S3 suites, the Edge entry under Deno, several hosts on
 * one database and bucket, and the static host's build (the `host` project below).
 */
const HOST_SUITES = [
  'supabase/tests/hostile/**/*.test.ts',
  'supabase/tests/faults/**/*.test.ts',
  'supabase/tests/second-s3/**/*.test.ts',
  'supabase/tests/edge/**/*.test.ts',
  'supabase/tests/multi-host/**/*.test.ts',
  'scripts/static-build.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          // Run alone (npm run test:unit runs the three projects one after another), so no database
          // or host process starves the UI tests of CPU. 30 s a test: a screen test that renders,
          // clicks and waits takes 1-4 s on a loaded 2-core machine, and only a hang should fail it.
          name: 'app',
          testTimeout: 30_000,
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          // UI tests run in happy-dom; files touching IndexedDB Blobs say `@vitest-environment node`.
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['supabase/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: HOST_SUITES,
          environment: 'node',
          // One throwaway PostgreSQL 15 cluster for every database test file.
          globalSetup: ['supabase/tests/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The cross-engine paths in Firefox ESR and WebKitGTK (tests/engines): one host for the
          // whole run, one browser at a time (each file starts its engine once), waits for states.
          name: 'engines',
          include: ['tests/engines/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/engines/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          // Suites that start real host processes, database clusters and radosgw: run one file at a
          // time, after the others (npm run test:unit), so they never starve the UI tests of CPU.
          name: 'host',
          include: HOST_SUITES,
          environment: 'node',
          globalSetup: ['supabase/tests/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
