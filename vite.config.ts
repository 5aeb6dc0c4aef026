import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, CodeSplittingNameFunction, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDir } from './scripts/precompress.ts';
import { SHARE_TARGET } from './src/config/share-target.ts';
import { RETENTION_DAYS } from './supabase/functions/_shared/domain/constants.ts';
import { headersFile, originOf } from './supabase/host/security-headers.ts';
import { BACKGROUND_COLOR, THEME_COLOR } from './src/theme-colors.ts';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const domainDir = fileURLToPath(new URL('./supabase/functions/_shared/domain', import.meta.url));

/**
 * dist/_headers: the pages' security headers (CSP with frame-ancestors 'none', X-Frame-Options...)
 * for static hosts that read this file (Cloudflare Pages, Netlify). The page may connect to the API
 * (VITE_SUPABASE_URL), the bucket (S3_PUBLIC_ENDPOINT, S3_ENDPOINT or R2_ACCOUNT_ID), the PeerJS
 * server of direct transfers (VITE_PEERJS_URL) and any origin listed in CSP_CONNECT_SRC, each also
 * as ws(s).
 */
function securityHeadersFile(): Plugin {
  return {
    name: 'ulak-security-headers',
    apply: 'build',
    generateBundle() {
      const env = process.env;
      const r2 = env.R2_ACCOUNT_ID ? `https://${env.R2_ACCOUNT_ID}.r2.cloudflarestorage.com` : undefined;
      const connect = [
        originOf(env.VITE_SUPABASE_URL),
        originOf(env.S3_PUBLIC_ENDPOINT || env.S3_ENDPOINT || r2),
        originOf(env.VITE_PEERJS_URL),
        ...(env.CSP_CONNECT_SRC ?? '').split(/\s+/).map((o) => originOf(o)),
      ].filter((o): o is string => o !== null);
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile({ connect }) });
    },
  };
}

/**
 * `.br` and `.gz` beside every text file of the build, for the Node host to send as they are. Runs
 * after everything else has written the build folder (the service worker is built in
 * vite-plugin-pwa's closeBundle), so sw.js gets its copies too.
 */
function precompress(): Plugin {
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

/**
 * The app's scripts start after the first paint: index.html's module script and its preloads are
 * handed to public/boot.js (data-entry, data-preload), which adds them once the browser reports
 * the first contentful paint. That paint needs only the page and its stylesheets; the host renders
 * the page's markup into it (supabase/host/page-render.ts). Lighthouse counts every request begun
 * before the Largest Contentful Paint into it: with the scripts in index.html, LCP was 2.1-2.5 s
 * with or without the markup, and is 1.2 s with both.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'ulak-start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        const boot = '<script src="/boot.js"></script>';
        if (!entry || !html.includes(boot))
          throw new Error('index.html: no module entry or no boot script to hand it to');
        const preloads: string[] = [];
        const rest = html
          .replace(entry[0], '')
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
            preloads.push(href);
            return '';
          });
        return rest.replace(
          boot,
          `<script src="/boot.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`,
        );
      },
    },
  };
}

/** Modules of the admin panel: its styles load with it, never with a public page. */
const ADMIN_MODULE = /[\\/]src[\\/](features[\\/]admin|routes[\\/]admin)[^\\/]*[\\/.]/;

/**
 * The stylesheets of the public screens' lazy chunks linked in index.html, beside the entry's:
 * the host renders a page's markup (supabase/host/page-render.ts) and it must paint styled before
 * any script has loaded (unstyled, Home's card sat 32 px higher until its route's chunk brought
 * the grid's gap). They are small (under 1 KB together); the admin panel's are left to load with it.
 */
function publicStylesUpFront(): Plugin {
  return {
    name: 'ulak-public-styles-up-front',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = new Map<string, OutputChunk>();
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
        // Every chunk the entry reaches, but not through an admin route's chunk.
        const reached = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          if (!chunk || reached.has(fileName) || ADMIN_MODULE.test(chunk.facadeModuleId ?? '')) return;
          reached.add(fileName);
          for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
        };
        for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
        const links: string[] = [];
        for (const fileName of reached) {
          for (const css of chunks.get(fileName)?.viteMetadata?.importedCss ?? []) {
            const href = `/${css}`;
            if (!html.includes(`href="${href}"`) && !links.includes(href)) links.push(href);
          }
        }
        const tags = links.map((href) => `    <link rel="stylesheet" crossorigin href="${href}">\n`).join('');
        return html.replace('</head>', () => `${tags}  </head>`);
      },
    },
  };
}

const mainModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * Tabler's index imports every icon (thousands): through it the group would take in every icon
 * the app uses anywhere (the admin panel's too). Icons stay in the chunks of the screens using them.
 */
const ICON_BARREL = /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/;

/**
 * The modules a first visit runs before its first render, beyond main.tsx's own: what main.tsx
 * imports dynamically at start (the app, the query client, the transfers' persistence) and their
 * static imports, in one 'app' chunk. Left to automatic chunking they were some 60 files of 1 to
 * 3 KB (Mantine components, router and query pieces), and over HTTP/1.1, six connections at a
 * time, a phone on a slow network paid a round trip per handful of them. Lazy routes' own
 * modules keep their chunks.
 */
function startChunkName(): CodeSplittingNameFunction {
  let atStart: Set<string> | null = null;
  const collect = (ctx: ChunkingContext): Set<string> => {
    const main = ctx.getModuleInfo(mainModule);
    if (!main) return new Set();
    const inEntry = new Set<string>();
    const visit = (id: string, into: Set<string>, skip: Set<string>) => {
      if (into.has(id) || skip.has(id) || ICON_BARREL.test(id)) return;
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

const alias = { '@domain': domainDir, '@': srcDir };

/**
 * `vite build --ssr src/entry-server.tsx`: the module the Node host imports to render a page's
 * markup (supabase/host/page-render.ts). One file with every dependency in it: the host imports it
 * from its build folder, which may lie outside the checkout, where node_modules does not resolve.
 */
const serverRenderConfig: UserConfig = {
  resolve: { alias },
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: false }), react()],
  ssr: { noExternal: true },
  build: { sourcemap: false, copyPublicDir: false, rolldownOptions: { output: { codeSplitting: false } } },
};

const clientConfig: UserConfig = {
  resolve: { alias },
  plugins: [
    // Generates src/routeTree.gen.ts from src/routes; must run before the React plugin.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    securityHeadersFile(),
    startAfterFirstPaint(),
    publicStylesUpFront(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/lib/pwa.ts registers the worker itself (workbox-window), only where it should run.
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{html,js,css,png,svg,ico,webmanifest,woff2}'],
        // The main bundle (Mantine, React, the router) is over workbox's 2 MiB default in dev-like
        // builds; the whole shell must be precached for offline start.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // One classic script: registrable without { type: 'module' } in every browser.
        rollupFormat: 'iife',
      },
      devOptions: {
        enabled: process.env.VITE_PWA_DEV === 'true',
        type: 'module',
        navigateFallback: 'index.html',
      },
      includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Ulak',
        short_name: 'Ulak',
        description: `Share files with a link. No sign-up; files are deleted after ${RETENTION_DAYS} days.`,
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        lang: 'en',
        categories: ['productivity', 'utilities'],
        // Files shared from other apps: the service worker takes this POST (sw/share-target.ts),
        // stores the files and opens /shared.
        share_target: SHARE_TARGET,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
    precompress(),
  ],
  build: {
    sourcemap: true,
    rolldownOptions: {
      // Lets the entry chunk (index-*.js) take in main.tsx and its imports, and is required by
      // experimentalInlineCommonChunks below: nothing imports the entry's exports.
      preserveEntrySignatures: false,
      output: {
        // The 'app' group also takes in the modules its own depend on, main.tsx's too (React,
        // Mantine...), so the entry imports that chunk statically. In source order, env.ts still
        // runs only when main.tsx imports the app, inside its try: a bad .env ends on the start-up
        // error screen rather than a blank page. Costs about 5 % of size in init wrappers.
        strictExecutionOrder: true,
        codeSplitting: {
          // The small chunks that screens share (a Mantine input, an icon, an API helper), copied
          // into each screen's chunk instead of one file each; rolldown's runtime keeps one
          // instance of each module across the copies. A first visit to / fetched some 35 files
          // of 1-4 KB after the start chunks, the download page 19: over HTTP/1.1, six at a time,
          // a phone paid a round trip per six. Now / fetches 4 and the download page 1 (Lighthouse
          // LCP 3.4 -> 2.8 s on /, 2.9 -> 2.5 s on /s/{id}). Chunks holding styles stay files:
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
    },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderConfig : clientConfig));
