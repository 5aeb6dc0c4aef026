// `npm run bench`: every benchmark, printing its figures. BENCH_SIZE_MIB shrinks the files for a
// quick look (default: 1 GiB for resume, 512 MiB for upload and download, BENCH_UPLOAD_MIB); BENCH_ONLY=lighthouse,upload runs only
// the parts named (lighthouse, api, upload, resume, admin). Ends non-zero, loudly, when a page's
// Lighthouse performance score is under the floor, after every other figure is printed.
import { runAdminUploadsBench } from './admin-uploads.ts';
import { runApiLoadBench } from './api-load.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runResumeBench } from './resume.ts';
import { runUploadBench } from './upload.ts';

// The SDK warns that its releases after January 2027 need Node 22; ours is pinned.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const size = Number(process.env.BENCH_SIZE_MIB ?? 1024) * 1024 * 1024;
const port = Number(process.env.BENCH_PORT ?? 8290);
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const wanted = (part: string) => only === undefined || only.includes(part);

const failures: string[] = [];
if (wanted('lighthouse')) failures.push(...(await runLighthouseBench({ port: port + 3 })));
if (wanted('api')) await runApiLoadBench({ port: port + 2 });
if (wanted('upload')) {
  await runUploadBench({
    port,
    size: Number(process.env.BENCH_UPLOAD_MIB ?? process.env.BENCH_SIZE_MIB ?? 512) * 1024 * 1024,
  });
}
if (wanted('resume')) await runResumeBench({ port: port + 1, size });
if (wanted('admin')) await runAdminUploadsBench();
if (failures.length > 0) {
  console.error(`\n${'!'.repeat(72)}\nBENCHMARK FAILED:`);
  for (const failure of failures) console.error(`  ${failure}`);
  console.error('!'.repeat(72));
  process.exit(1);
}
process.exit(0);
