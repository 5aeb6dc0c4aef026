import { fileURLToPath, URL } from 'node:url';
import type { ChunkingContext, CodeSplittingNameFunction, RolldownOptions } from 'rolldown';

const mainModule = fileURLToPath(new URL('../src/main.tsx', import.meta.url));

/**
 * Barrels (index modules re-exporting a whole library) that the start group must not walk through.
 * Tabler's index imports every icon (thousands), and Mantine core's every component: through them
 * the start group would take in every icon and component the app uses anywhere, the admin
 * panel's too, and Transfers' first visit would evaluate them all before its first tap. Icons and
 * components stay in the chunks of the screens using them.
 */
const BARRELS = [
  /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/,
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
];

/**
 * The modules a first visit runs before its first render, beyond main.tsx's own: what main.tsx
 * imports dynamically at start (the app, the query client, the transfers' persistence) and their
 * static imports, in one 'app' chunk. Left to automatic chunking they are dozens of small files,
 * and over HTTP/1.1, six connections at a time, a phone on a slow network pays a round trip per
 * handful of them. Lazy routes' own modules keep their chunks.
 */
function startChunkName(): CodeSplittingNameFunction {
  let atStart: Set<string> | null = null;
  const collect = (ctx: ChunkingContext): Set<string> => {
    const main = ctx.getModuleInfo(mainModule);
    if (!main) return new Set();
    const inEntry = new Set<string>();
    const visit = (id: string, into: Set<string>, skip: Set<string>) => {
      if (into.has(id) || skip.has(id) || BARRELS.some((barrel) => barrel.test(id))) return;
      into.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next, into, skip);
    };
    visit(mainModule, inEntry, new Set());
    const found = new Set<string>();
    // Not through main.tsx's static graph: it would reach every module of Mantine's barrel.
    for (const id of main.dynamicallyImportedIds) visit(id, found, inEntry);
    return found;
  };
  return (id, ctx) => {
    atStart ??= collect(ctx);
    return atStart.has(id) ? 'app' : null;
  };
}

/** How the page's build is cut into chunks: few requests for a first visit, direct transfer apart. */
export function clientChunks(): RolldownOptions {
  return {
    // Lets the entry chunk (index-*.js) take in main.tsx and its imports, and is required by
    // experimentalInlineCommonChunks below: nothing imports the entry's exports.
    preserveEntrySignatures: false,
    output: {
      // The 'app' group also takes in the modules its own depend on, main.tsx's too (React,
      // Mantine...), so the entry imports that chunk statically. In source order, env.ts still
      // runs only when main.tsx imports the app, inside its try: a bad .env ends on the start-up
      // error screen rather than a blank page.
      strictExecutionOrder: true,
      codeSplitting: {
        // The small chunks that screens share (a Mantine input, an icon, an API helper), copied
        // into each screen's chunk instead of one file each; rolldown's runtime keeps one
        // instance of each module across the copies. Over HTTP/1.1, six requests at a time, every
        // small file costs a phone a share of a round trip. Chunks holding styles stay files:
        // Vite's CSS plugin would emit a style module's CSS once per copy.
        experimentalInlineCommonChunks: {
          maxSize: 16 * 1024,
          exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
        },
        groups: [
          // WebRTC and crypto of direct transfers in one chunk of their own, loaded only by the
          // /p2p screens (lazy routes), never by the entry or the download page.
          {
            name: 'p2p-vendor',
            test: /node_modules[\\/](peerjs|peerjs-js-binarypack|webrtc-adapter|sdp|eventemitter3|@msgpack|tweetnacl)[\\/]/,
            priority: 1,
          },
          { name: startChunkName(), debugName: 'app' },
        ],
      },
    },
  };
}
