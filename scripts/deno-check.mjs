// `deno check` of the Edge Function entry, through the deno npm package (no global install).
// DENO_DIR stays inside node_modules so CI needs no home-folder cache.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const deno = path.join(path.dirname(require.resolve('deno/package.json')), 'bin.cjs');
const result = spawnSync(
  process.execPath,
  [deno, 'check', '--config', 'supabase/functions/api/deno.json', 'supabase/functions/api/index.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DENO_DIR: path.join(root, 'node_modules/.cache/deno'), DENO_NO_UPDATE_CHECK: '1' },
  },
);
process.exit(result.status ?? 1);
