import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { clientChunks } from './vite/client-chunks.ts';
import { precompress } from './vite/precompress.ts';
import { prerenderPages } from './vite/prerender-pages.ts';
import { publicStylesUpFront } from './vite/public-styles-up-front.ts';
import { securityHeadersFile } from './vite/security-headers-file.ts';
import { serviceWorker } from './vite/service-worker.ts';
import { startAfterFirstPaint } from './vite/start-after-first-paint.ts';

const alias = {
  '@domain': fileURLToPath(new URL('./supabase/functions/_shared/domain', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

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
    // A static host's pages with their markup (ULAK_STATIC_BUILD, set by `npm run build`).
    prerenderPages(),
    serviceWorker(),
    // Last: it compresses what every plugin before it wrote, the service worker included.
    precompress(),
  ],
  build: { sourcemap: true, rolldownOptions: clientChunks() },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderConfig : clientConfig));
