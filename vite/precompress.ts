import path from 'node:path';
import type { Plugin } from 'vite';
import { precompressDir } from '../scripts/precompress.ts';

/**
 * `.br` and `.gz` beside every text file of the build, for the Node host to send as they are. Runs
 * after everything else has written the build folder (the service worker is built in
 * vite-plugin-pwa's closeBundle), so sw.js gets its copies too.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ulak-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: () => precompressDir(outDir),
    },
  };
}
