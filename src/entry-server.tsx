// A first visit's markup, rendered by the one-machine host into index.html
// (supabase/host/page-render.ts): the page paints with its stylesheets alone, before any script,
// and the app then takes that markup over (hydration, src/main.tsx). Built on its own by
// `vite build --ssr` (vite.config.ts); never part of the browser's bundle.
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { createMemoryHistory } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppProviders } from '@/components/app-providers';
import { AppShell } from '@/components/app-shell';
import { START_ATTRIBUTE, START_ON_INTENT } from '@/config/boot-contract';
import { env } from '@/config/env';
import { setApiTransport } from '@/lib/api/app-client';
import { acceptedLanguages, pickLanguage, setupI18n, type Language } from '@/lib/i18n';
import { answeredQueries, PAGE_DATA_ID, pageDataJson, type PageQuery } from '@/lib/page-data';
import { createQueryClient } from '@/lib/query-client';
import en from '@/locales/en.json';
import tr from '@/locales/tr.json';
import { createAppRouter } from './router';

const i18n = setupI18n(env.productName, { en, tr });
// Between renders no call may leave: a query still running after its page was sent has no visitor.
const refuse: typeof fetch = () => Promise.reject(new Error('The page render makes no API call of its own.'));
setApiTransport(refuse);

/**
 * The API a static host's pages ask from their own small scripts (public/share-fill.js, written
 * into the download page's shell by vite/prerender-pages.ts): the app's, with its public key.
 */
export function publicApi(): { url: string; anonKey: string } {
  return { url: `${env.supabaseUrl}/functions/v1/api`, anonKey: env.supabaseAnonKey };
}

/**
 * The download page's Download button in English (a static host's shell's language), for the
 * shell: public/share-fill.js puts it on the page with the share's download POST once the API has
 * answered, and public/boot.js downloads on its tap without waiting for the app.
 */
export async function shellDownloadButton(): Promise<string> {
  await i18n.changeLanguage('en');
  const markup = renderToStaticMarkup(
    <AppProviders i18n={i18n}>
      <Button size="lg" leftSection={<IconDownload size={22} aria-hidden />}>
        {i18n.t('download.download')}
      </Button>
    </AppProviders>,
  );
  const button = /<button[\s\S]*<\/button>/.exec(markup)?.[0];
  if (!button) throw new Error('The shell download button rendered no <button>.');
  return button;
}

export interface PageRequest {
  /** The path and query of the page. */
  url: string;
  /** The site's public origin: the links the page shows (a share's link) start with it. */
  origin: string;
  acceptLanguage: string | undefined;
  /** Answers the app's API calls for this visitor (the host's API, in-process). */
  api: typeof fetch;
}

interface RenderedPage {
  language: Language;
  /** The markup of #root. */
  markup: string;
  /** The API's answers the first screen was rendered with, for the app's first render. */
  data: PageQuery[];
  /** Whether a part of the page was left loading: what only the visitor's device knows (its uploads). */
  incomplete: boolean;
  /**
   * Whether the app starts on the visitor's first intent, not after the paint: a route's
   * `startsOnIntent`, on a page with nothing left loading.
   */
  startsOnIntent: boolean;
}

/**
 * Where index.html has room for the page's markup (its placeholder icon), with the whitespace
 * around it: React, taking the page over, reads #root's children and expects its own first.
 */
const APP_MARKERS = /\s*<!--app-->[\s\S]*<!--\/app-->\s*/;

/** The hints React writes ahead of the markup (an image's preload): their place is <head>. */
const LEADING_HINTS = /^(?:<link [^>]*>)+/;

let queue: Promise<unknown> = Promise.resolve();

/**
 * index.html (`template`, as built) with the page at `request.url` in it, in the visitor's
 * language; null when a route of the page did not load (not found, an error). The markup is inert
 * until the app takes it over (src/main.tsx), except on a page that starts the app on the
 * visitor's first intent (`<html data-start="intent">`, public/boot.js), which holds a tap made
 * meanwhile instead. One page at a time: the language and the API transport belong to the module,
 * and the route loaders read them across awaits.
 */
export function renderPage(template: string, request: PageRequest): Promise<string | null> {
  if (!APP_MARKERS.test(template)) return Promise.resolve(null);
  const run = queue.then(() => render(request));
  queue = run.catch(() => undefined);
  return run.then((page) => page && fill(template, page));
}

function fill(template: string, { language, markup, data, incomplete, startsOnIntent }: RenderedPage): string {
  const hints = LEADING_HINTS.exec(markup)?.[0] ?? '';
  const start = startsOnIntent ? ` ${START_ATTRIBUTE}="${START_ON_INTENT}"` : '';
  const root = `${startsOnIntent ? '' : ' inert'}${incomplete ? ' data-incomplete' : ''}`;
  // Replaced by functions: a `$` in a file's name must stay a `$`, not a replacement pattern.
  return template
    .replace('<html lang="en">', () => `<html lang="${language}"${start}>`)
    .replace('</head>', () => `${hints}</head>`)
    .replace('<div id="root">', () => `<div id="root"${root}>`)
    .replace(APP_MARKERS, () => markup.slice(hints.length))
    .replace(
      '</body>',
      () => `<script type="application/json" id="${PAGE_DATA_ID}">${pageDataJson(data)}</script></body>`,
    );
}

/** React's mark of a Suspense boundary whose content follows later in the page, by script. */
const PENDING_BOUNDARY = '<!--$?-->';

/**
 * The markup of `app`, complete: what suspends (a lazy tooltip) is waited for, and no boundary is
 * moved out of line (React does so for large ones to flush a stream early), because its content
 * would then follow in an inline script, which the pages' Content-Security-Policy refuses. A
 * component that throws fails the render: its boundary's fallback (a loading screen) is no page.
 */
async function renderMarkup(app: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(app, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => void errors.push(error),
  });
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  if (errors.length > 0) throw errors[0];
  if (markup.includes(PENDING_BOUNDARY)) throw new Error('A part of the page was left for a script to fill in.');
  return markup;
}

async function render({ url, origin, acceptLanguage, api }: PageRequest): Promise<RenderedPage | null> {
  const language = pickLanguage(acceptedLanguages(acceptLanguage));
  await i18n.changeLanguage(language);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  // Its restoring script would be inline, which the pages' Content-Security-Policy refuses; the
  // browser's router restores scrolling once the app runs.
  router.update({ ...router.options, origin, scrollRestoration: false });
  setApiTransport(api);
  try {
    await router.load();
  } finally {
    setApiTransport(refuse);
  }
  if (router.state.matches.some((match) => match.status !== 'success')) return null;
  // What the server could not answer (the device's own uploads, a failed call) is left loading, as
  // the app's first render has it.
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  const markup = await renderMarkup(<AppShell i18n={i18n} queryClient={queryClient} router={router} />);
  const data = answeredQueries(queryClient);
  // Including the queries the screens asked for while rendering, which the server does not run.
  const incomplete = queryClient.getQueryCache().getAll().length > data.length;
  queryClient.clear();
  // A page left loading (a share the API did not answer: gone, removed) needs the app to finish it.
  const startsOnIntent = !incomplete && router.state.matches.some((match) => match.staticData.startsOnIntent === true);
  return { language, markup, data, incomplete, startsOnIntent };
}
