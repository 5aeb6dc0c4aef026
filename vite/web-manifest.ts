import type { ManifestOptions } from 'vite-plugin-pwa';
import { SHARE_TARGET } from '../src/config/share-target.ts';
import { BACKGROUND_COLOR, THEME_COLOR } from '../src/theme-colors.ts';
import { RETENTION_DAYS } from '../supabase/functions/_shared/domain/constants.ts';

/** The installed app's web manifest (manifest.webmanifest). */
export const WEB_MANIFEST: Partial<ManifestOptions> = {
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
  // Files shared from other apps: the service worker takes this POST (sw/share-target.ts), stores
  // the files and opens /shared.
  share_target: SHARE_TARGET,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
