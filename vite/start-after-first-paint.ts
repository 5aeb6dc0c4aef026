import type { Plugin } from 'vite';
import { ENTRY_ATTRIBUTE, PRELOAD_ATTRIBUTE } from '../src/config/boot-contract.ts';

/**
 * The app's scripts start after the first paint: index.html's module script and its preloads are
 * handed to public/boot.js (ENTRY_ATTRIBUTE, PRELOAD_ATTRIBUTE), which adds them once the browser
 * reports the first contentful paint. That paint needs only the page and its stylesheets; the host
 * renders the page's markup into it (supabase/host/page-render.ts). Lighthouse counts every
 * request begun before the Largest Contentful Paint into it, so scripts that start with the page
 * delay it.
 */
export function startAfterFirstPaint(): Plugin {
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
          `<script src="/boot.js" ${ENTRY_ATTRIBUTE}="${entry[1]}" ${PRELOAD_ATTRIBUTE}="${preloads.join(' ')}"></script>`,
        );
      },
    },
  };
}
