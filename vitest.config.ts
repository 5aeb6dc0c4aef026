import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@domain': fileURLToPath(new URL('./supabase/functions/_shared/domain', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
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
          environment: 'node',
          // One throwaway PostgreSQL 15 cluster for every database test file.
          globalSetup: ['supabase/tests/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
