// One host for every engine test file: started as the browser tests start theirs
// (scripts/e2e-server.mjs, that is `npm start` on a fresh data folder) on a port of its own, and
// stopped (its whole process group) when the run ends, passed or failed.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { killGroup, killOnExit } from './fixtures/processes';

/** The engines suite's host port (default 8631): other suites' hosts use other ports. */
const PORT = Number(process.env.ENGINES_PORT ?? 8631);
/** Building the app on a loaded 2-core machine takes minutes: only a hang should reach this. */
const HOST_START_MS = 300_000;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The host's origin, as a visitor types it. */
    origin: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Without Vitest's NODE_ENV=test, which would make the host's build a development one: no
  // service worker is registered there.
  const { NODE_ENV: _testMode, ...env } = process.env;
  const host = spawn('node', ['scripts/e2e-server.mjs'], {
    env: { ...env, PORT: String(PORT), E2E_DATA_DIR: path.join(tmpdir(), `ulak-engines-${PORT}`) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  killOnExit(host);
  const stop = async () => {
    // SIGTERM first, so the host closes its database and the data folder is removed.
    killGroup(host, 'SIGTERM');
    const ended = new Promise((resolve) => host.once('exit', resolve));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => (timer = setTimeout(resolve, 15_000)));
    if (host.exitCode === null) await Promise.race([ended, late]);
    // A timer left pending would hold Vitest's process open after the run.
    clearTimeout(timer);
    killGroup(host);
  };
  const deadline = Date.now() + HOST_START_MS;
  const health = `http://127.0.0.1:${PORT}/functions/v1/api/health`;
  while (
    !(await fetch(health)
      .then((answer) => answer.ok)
      .catch(() => false))
  ) {
    if (host.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The host on port ${PORT} did not start (ENGINES_PORT picks another port)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide('origin', `http://localhost:${PORT}`);
  return stop;
}
