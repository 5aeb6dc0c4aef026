import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { START_ATTRIBUTE, START_ON_INTENT } from '../src/config/boot-contract.ts';

/**
 * The build for a static host (`npm run build`) writes its pages' markup into the build: a static
 * host has no renderer, and without it a first visit shows only index.html's icon until the
 * scripts have run. The Node host renders per visit instead (supabase/host/page-render.ts) and
 * builds without this (see STATIC_BUILD_FLAG), so nothing changes there.
 */
export const STATIC_BUILD_FLAG = 'ULAK_STATIC_BUILD';

/**
 * The pages that need no data, rendered by the app's own code (src/entry-server.tsx) in English,
 * the default language, each into the file a static host serves for its path (/about: about.html,
 * as Cloudflare Pages, Netlify and nginx's `try_files $uri.html` serve it).
 */
export const STATIC_PAGES = [
  { url: '/', file: 'index.html', startsOnIntent: true },
  { url: '/how-it-works', file: 'how-it-works.html' },
  { url: '/about', file: 'about.html' },
  { url: '/privacy', file: 'privacy.html' },
  { url: '/terms', file: 'terms.html' },
  { url: '/cookies', file: 'cookies.html' },
] as const satisfies readonly { url: string; file: string; startsOnIntent?: boolean }[];

/** index.html as built (the icon only): every other path's page, the service worker's navigations too. */
export const APP_SHELL_FILE = 'app-shell.html';
/** A download page's shell (its loading screen), which public/share-fill.js fills from the API. */
export const SHARE_SHELL_FILE = 'share-shell.html';
/** A share id the download page's shell is rendered for: any valid one (the render asks nothing). */
const SHELL_SHARE_ID = 'AAAAAAAA';
/** The <template> of the shell's Download button, which public/share-fill.js puts on the page. */
const SHELL_DOWNLOAD_TEMPLATE_ID = 'shell-download';

/**
 * The rewrites of Cloudflare Pages and Netlify (their `_redirects`; nginx's in docs/operations.md):
 * a file that exists is served as it is, a download page gets its shell, anything else the app's.
 */
export const STATIC_HOST_REDIRECTS = [
  `/s/*      /${SHARE_SHELL_FILE}  200`,
  `/share/*  /${SHARE_SHELL_FILE}  200`,
  `/*        /${APP_SHELL_FILE}    200`,
].join('\n');

/**
 * A page that reads whole as built (Home, a download page's shell once public/share-fill.js has
 * filled it) starts the app on the visitor's first intent, as the Node host's download page and
 * Home do (public/boot.js): a visitor who only reads it loads none of the app, and one who acts
 * gets the page drawn anew by the app with the operator's texts and limits. Its markup is live
 * meanwhile (a tap is held, Add files opens its picker natively), no longer inert.
 */
function startOnIntent(html: string): string {
  const marked = html
    .replace('<html lang="en">', () => `<html lang="en" ${START_ATTRIBUTE}="${START_ON_INTENT}">`)
    .replace('<div id="root" inert', '<div id="root"');
  if (!marked.includes(`${START_ATTRIBUTE}="${START_ON_INTENT}"`) || marked.includes('<div id="root" inert')) {
    throw new Error('prerender: a page to start on intent has no <html lang="en"> or no inert #root');
  }
  return marked;
}

interface RenderModule {
  shellDownloadButton(): Promise<string>;
  renderPage(
    template: string,
    request: { url: string; origin: string; acceptLanguage: string | undefined; api: typeof fetch },
  ): Promise<string | null>;
}

// Nothing is asked at build time: the operator's published texts and limits, and the share of a
// download page, are the API's to answer on the visit. The pages render with their built-in text
// and are marked incomplete, so the app draws them anew rather than taking the markup over.
const noApi: typeof fetch = () => Promise.reject(new Error('A static page is rendered without the API.'));

/** The script tag of public/share-fill.js, with the API it asks (its own origin's when `api` is relative). */
function shareFillTag(api: string, anonKey: string): string {
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<script src="/share-fill.js" async data-api="${attr(api)}" data-api-key="${attr(anonKey)}"></script>`;
}

async function renderAll(root: string, outDir: string): Promise<void> {
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  await writeFile(path.join(outDir, APP_SHELL_FILE), template);
  const apiUrl = process.env.VITE_SUPABASE_URL?.trim();
  const renderDir = await mkdtemp(path.join(tmpdir(), 'ulak-prerender-'));
  try {
    const { build } = await import('vite');
    // The render module reads the public env as the app does; with the API on the page's own
    // origin there is no URL to give it, and it asks nothing anyway.
    if (!apiUrl) process.env.VITE_SUPABASE_URL = 'http://localhost';
    try {
      await build({
        root,
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        build: { ssr: 'src/entry-server.tsx', outDir: renderDir, emptyOutDir: true },
      });
    } finally {
      if (!apiUrl) delete process.env.VITE_SUPABASE_URL;
    }
    const entry = path.join(renderDir, 'entry-server.js');
    if (!existsSync(entry)) throw new Error(`prerender: the render build wrote no ${entry}`);
    const render = (await import(pathToFileURL(entry).href)) as RenderModule & {
      publicApi(): { url: string; anonKey: string };
    };
    const origin = process.env.PUBLIC_ORIGIN?.trim() || 'http://localhost';
    const page = async (url: string) => {
      const html = await render.renderPage(template, { url, origin, acceptLanguage: 'en', api: noApi });
      if (html === null) throw new Error(`prerender: ${url} did not render`);
      return html;
    };
    for (const entry of STATIC_PAGES) {
      const html = await page(entry.url);
      await writeFile(path.join(outDir, entry.file), 'startsOnIntent' in entry ? startOnIntent(html) : html);
    }
    const { url: api, anonKey } = render.publicApi();
    const download = await render.shellDownloadButton();
    const shell = startOnIntent(await page(`/s/${SHELL_SHARE_ID}`))
      .replace('</head>', () => `${shareFillTag(apiUrl ? api : '/functions/v1/api', anonKey)}</head>`)
      .replace('</body>', () => `<template id="${SHELL_DOWNLOAD_TEMPLATE_ID}">${download}</template></body>`);
    await writeFile(path.join(outDir, SHARE_SHELL_FILE), shell);
    await writeFile(path.join(outDir, '_redirects'), `${STATIC_HOST_REDIRECTS}\n`);
  } finally {
    await rm(renderDir, { recursive: true, force: true });
  }
}

/**
 * Renders STATIC_PAGES and the download page's shell into the build once Vite has written it,
 * before the service worker's precache list is made (vite-plugin-pwa's closeBundle) and before
 * the files are compressed (vite/precompress.ts): both must see the pages as served.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'ulak-prerender-pages',
    apply: (config, { command, isSsrBuild }) =>
      command === 'build' && !isSsrBuild && !config.build?.ssr && process.env[STATIC_BUILD_FLAG] === 'true',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      handler: () => renderAll(root, outDir),
    },
  };
}
