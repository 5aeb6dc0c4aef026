// The API under load: autocannon at 50 connections against a host started as a user starts it,
// for the four calls a busy instance answers most: create an upload, a share's metadata, a
// download ticket, and health. Prints requests per second and the 99th-percentile latency.
// BENCH_ORIGIN and BENCH_ANON_KEY point it at a host that is already running instead (to measure
// another build of Ulak on the same machine).
import autocannon from 'autocannon';
import { BENCH_ANON_KEY, shareSmallFile, startPlatform, type Target } from './platform.ts';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
async function measure(
  target: Target,
  label: string,
  options: { method: 'GET' | 'POST'; path: string; body?: unknown },
): Promise<void> {
  const result = await autocannon({
    url: `${target.origin}/functions/v1/api${options.path}`,
    method: options.method,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { apikey: target.anonKey, 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const failed = result.non2xx + result.errors;
  console.log(
    `  ${label.padEnd(16)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(5)} ms` +
      (failed ? `   (${result.non2xx} non-2xx, ${result.errors} errors)` : ''),
  );
}

export async function runApiLoadBench(opts: { port: number }): Promise<void> {
  const external = process.env.BENCH_ORIGIN;
  // The per-visitor quotas on creates and download tickets would (rightly) refuse most of a load
  // test from one address.
  const platform = external
    ? null
    : await startPlatform(opts.port, { UPLOAD_CREATES_PER_HOUR: '100000000', DOWNLOAD_TICKET_BURST: '100000000' });
  const target: Target = external
    ? { origin: external.replace(/\/+$/, ''), anonKey: process.env.BENCH_ANON_KEY ?? BENCH_ANON_KEY }
    : { origin: `http://127.0.0.1:${opts.port}`, anonKey: BENCH_ANON_KEY };
  try {
    const shareId = await shareSmallFile(target, 'bench.txt', 'text/plain', 'x');
    console.log(
      `\nAPI under load: autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each (${target.origin})`,
    );
    await measure(target, 'create upload', {
      method: 'POST',
      path: '/uploads',
      body: { name: 'load.txt', size: 1, type: 'text/plain' },
    });
    await measure(target, 'share metadata', { method: 'GET', path: `/shares/${shareId}` });
    await measure(target, 'download ticket', { method: 'POST', path: `/shares/${shareId}/download`, body: {} });
    await measure(target, 'health', { method: 'GET', path: '/health' });
  } finally {
    await platform?.stop();
  }
}
