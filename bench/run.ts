// `npm run bench`: every benchmark, printing its figures. BENCH_SIZE_MIB shrinks the file for a
// quick look (default 1024: the 1 GiB the issues ask for).
import { runP2pBench } from './p2p.ts';
import { runResumeBench } from './resume.ts';
import { runUploadBench } from './upload.ts';

// The SDK warns that its releases after January 2027 need Node 22; ours is pinned.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const size = Number(process.env.BENCH_SIZE_MIB ?? 1024) * 1024 * 1024;
const port = Number(process.env.BENCH_PORT ?? 8290);
await runUploadBench({ port, size });
await runResumeBench({ port: port + 1, size });
await runP2pBench({ port: port + 2, size });
process.exit(0);
