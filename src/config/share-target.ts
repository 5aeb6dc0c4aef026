// The Web Share Target, defined once: vite/web-manifest.ts writes it into the manifest, and the service
// worker (sw/share-target.ts) takes the POST the browser makes to it.

/** The form field of the share target's POST that carries the files. */
export const SHARE_TARGET_FILES_FIELD = 'files';

/** The manifest's share_target: other apps share files to the installed app as this form POST. */
export const SHARE_TARGET = {
  action: '/share-target',
  method: 'POST' as const,
  enctype: 'multipart/form-data',
  params: {
    title: 'title',
    text: 'text',
    url: 'url',
    files: [{ name: SHARE_TARGET_FILES_FIELD, accept: ['*/*'] }],
  },
};

/** The screen (src/routes/_site.shared.tsx) the worker sends the person to once the files are stored. */
export const SHARED_SCREEN_PATH = '/shared';

/** The query /shared gets when the worker refused a POST from another website's page. */
export const SHARE_REFUSED_PARAM = 'refused';
