// `npm run bench`: every benchmark, printing its figures. `npm run bench -- p2p upload` (or
// BENCH_ONLY=p2p,upload) runs only the parts named: lighthouse, api, upload (also named
// encrypted-upload: every upload from the app is encrypted), encrypted-download, resume, admin, p2p,
// first-tap, download-all, memory-2gib, static-lighthouse. BENCH_SIZE_MIB shrinks the files for a
// quick look (default: 1 GiB for resume, p2p and download-all, 512 MiB for upload and download,
// BENCH_UPLOAD_MIB; BENCH_UPLOAD_ROUNDS rounds of uploads, 5). Ends non-zero, loudly, after every
// other figure is printed, when a page's Lighthouse performance score is under the floor, or when
// an encrypted part's check fails (an app upload stored as plaintext, a saved file that is not
// the file sent): its figures are then not what they say.
import { runAdminUploadsBench } from './admin-uploads.ts';
import { runApiLoadBench } from './api-load.ts';
import { runDownloadAllBench } from './download-all.ts';
import { runDownloadBench } from './download.ts';
import { runMemoryBench } from './encrypted-memory.ts';
import { runFirstTapBench } from './first-tap.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runP2pBench } from './p2p.ts';
import { runResumeBench } from './resume.ts';
import { runStaticLighthouseBench } from './static-lighthouse.ts';
import { runUploadBench, UPLOAD_ROUNDS } from './upload.ts';

// The SDK warns that its releases after January 2027 need Node 22; ours is pinned.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const size = Number(process.env.BENCH_SIZE_MIB ?? 1024) * 1024 * 1024;
const uploadSize = Number(process.env.BENCH_UPLOAD_MIB ?? process.env.BENCH_SIZE_MIB ?? 512) * 1024 * 1024;
const port = Number(process.env.BENCH_PORT ?? 8290);
const failures: string[] = [];
const upload = async () =>
  failures.push(
    ...(await runUploadBench({
      port,
      size: uploadSize,
      rounds: Number(process.env.BENCH_UPLOAD_ROUNDS ?? UPLOAD_ROUNDS),
    })),
  );
const benches: Record<string, () => Promise<unknown>> = {
  lighthouse: async () => failures.push(...(await runLighthouseBench({ port: port + 3 }))),
  api: () => runApiLoadBench({ port: port + 2 }),
  upload,
  'encrypted-upload': upload,
  'encrypted-download': async () =>
    failures.push(...(await runDownloadBench({ port: port + 5, linkPort: port + 8, size: uploadSize }))),
  resume: async () => failures.push(...(await runResumeBench({ port: port + 1, size })).problems),
  admin: () => runAdminUploadsBench(),
  p2p: () => runP2pBench({ port: port + 4, size }),
  'first-tap': () => runFirstTapBench({ port: port + 5 }),
  'download-all': () => runDownloadAllBench({ port: port + 7 }),
  'memory-2gib': async () => failures.push(...(await runMemoryBench({ port: port + 9 }))),
  // The build of `npm run build` on a plain static host, its API the Edge entry (Deno) on port + 11.
  'static-lighthouse': async () => failures.push(...(await runStaticLighthouseBench({ port: port + 10 }))),
};
const chosen = [...process.argv.slice(2), ...(process.env.BENCH_ONLY?.split(',') ?? [])]
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = chosen.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}.`);
  process.exit(2);
}
// A part under two names runs once.
const ran = new Set<() => Promise<unknown>>();
for (const [name, run] of Object.entries(benches)) {
  if ((chosen.length > 0 && !chosen.includes(name)) || ran.has(run)) continue;
  ran.add(run);
  await run();
}
if (failures.length > 0) {
  console.error(`\n${'!'.repeat(72)}\nBENCHMARK FAILED:`);
  for (const failure of failures) console.error(`  ${failure}`);
  console.error('!'.repeat(72));
  process.exit(1);
}
process.exit(0);
