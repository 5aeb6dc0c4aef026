// Starts the product for the browser tests exactly as `npm start` does, on a fresh data folder
// (so every run begins empty) that is removed when the server stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ulak-e2e-'));
const child = spawn('npm', ['start'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
