// `npm run bench`: every benchmark, printing its figures; `npm run bench -- p2p` runs only the
// named ones (api-load, upload, resume, admin-uploads, p2p). BENCH_SIZE_MIB shrinks the file for a
// quick look (default 1024: the 1 GiB the issues ask for).
import { runAdminUploadsBench } from './admin-uploads.ts';
import { runApiLoadBench } from './api-load.ts';
import { runP2pBench } from './p2p.ts';
import { runResumeBench } from './resume.ts';
import { runUploadBench } from './upload.ts';

// The SDK warns that its releases after January 2027 need Node 22; ours is pinned.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const size = Number(process.env.BENCH_SIZE_MIB ?? 1024) * 1024 * 1024;
const port = Number(process.env.BENCH_PORT ?? 8290);
const benches = {
  'api-load': () => runApiLoadBench({ port: port + 2 }),
  upload: () => runUploadBench({ port, size }),
  resume: () => runResumeBench({ port: port + 1, size }),
  'admin-uploads': () => runAdminUploadsBench(),
  p2p: () => runP2pBench({ port: port + 3, size }),
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}.`);
  process.exit(2);
}
for (const [name, run] of Object.entries(benches)) if (chosen.length === 0 || chosen.includes(name)) await run();
process.exit(0);
