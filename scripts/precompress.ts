// Brotli and gzip copies of the build's text files (`app.js` → `app.js.br`, `app.js.gz`), made once
// at build time at the highest levels, so the Node host streams them as they are (web-app.ts)
// instead of compressing on every request or sending JS and CSS uncompressed.
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/** Text types worth compressing; images and fonts are compressed already. Source maps are left out: only developers fetch them. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|webmanifest|svg|txt|ico)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

export const ENCODINGS = [
  {
    name: 'br',
    suffix: '.br',
    create: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  },
  { name: 'gzip', suffix: '.gz', create: () => createGzip({ level: 9 }) },
] as const;

async function* filesOf(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(full);
    else yield full;
  }
}

/** Writes `.br` and `.gz` beside every compressible file of `dir`; drops a copy that is not smaller. */
export async function precompressDir(dir: string): Promise<void> {
  const jobs: Promise<void>[] = [];
  for await (const file of filesOf(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const { size } = await stat(file);
    if (size < MIN_BYTES) continue;
    for (const encoding of ENCODINGS) {
      const target = file + encoding.suffix;
      jobs.push(
        (async () => {
          await pipeline(createReadStream(file), encoding.create(), createWriteStream(target));
          if ((await stat(target)).size >= size) await unlink(target);
        })(),
      );
    }
  }
  await Promise.all(jobs);
}
