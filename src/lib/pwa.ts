// Registers the service worker (sw/sw.ts, built to /sw.js by vite-plugin-pwa) and keeps what the
// install button and the update prompt need to know: whether a new version waits, and whether the
// browser offers to install the app. Only in production builds, or in dev when VITE_PWA_DEV=true:
// a worker caching dev modules makes development confusing.
// workbox-window is imported where it is used, after the first render: its 5 KB (minified) are
// not on any first screen's way.
import type { Workbox as WorkboxClass } from 'workbox-window';
import type { PageToWorkerMessage, WorkerVersion } from './worker-messages';

/** Chromium's install offer; not in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  /** A new build's service worker is installed and waits for this version's pages to let it take over. */
  updateReady: boolean;
  /** The browser offers to install the app (beforeinstallprompt was heard and not used yet). */
  canInstall: boolean;
}

let state: PwaState = { updateReady: false, canInstall: false };
const listeners = new Set<() => void>();
let applyWaiting: (() => void) | null = null;
let installPrompt: BeforeInstallPromptEvent | null = null;
let watchingInstall = false;

function setState(change: Partial<PwaState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the same object until something changes. */
export function getPwaState(): PwaState {
  return state;
}

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Activates the waiting worker: posts SKIP_WAITING to it and reloads the page when it has taken
 * control. Uploads are not lost: their jobs and leases are in IndexedDB, and the new worker picks
 * them up on activation (and on the reloaded page's first message).
 */
export function applyUpdate(): void {
  applyWaiting?.();
}

/** Shows the browser's install dialog; resolves true when the person installed the app. */
export async function promptInstall(): Promise<boolean> {
  const prompt = installPrompt;
  if (prompt === null) return false;
  // The event can be used once.
  installPrompt = null;
  setState({ canInstall: false });
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  return outcome === 'accepted';
}

/** Listens for the browser's install offer; the install button shows while one is held. */
export function watchInstallPrompt(): void {
  if (watchingInstall || typeof window === 'undefined') return;
  watchingInstall = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the mini-infobar away: the app shows its own button.
    event.preventDefault();
    installPrompt = event as BeforeInstallPromptEvent;
    setState({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    setState({ canInstall: false });
  });
}

/**
 * How long to wait for a worker to say which build it is. A worker from before GET_VERSION never
 * answers; 3 s is far more than a worker that is starting up needs.
 */
const VERSION_TIMEOUT_MS = 3_000;

async function buildOf(worker: ServiceWorker): Promise<string | undefined> {
  const { messageSW } = await import('workbox-window');
  let timer: number | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = window.setTimeout(resolve, VERSION_TIMEOUT_MS);
  });
  const answer = messageSW(worker, { type: 'GET_VERSION' } satisfies PageToWorkerMessage) as Promise<
    Partial<WorkerVersion> | undefined
  >;
  const result = await Promise.race([answer, timeout]).finally(() => window.clearTimeout(timer));
  return typeof result?.version === 'string' ? result.version : undefined;
}

/**
 * Whether the worker that waits is really a new build. Not when no worker is active (a first
 * install, cut short by a closed browser: there is nothing to update from, and it takes over by
 * itself), nor when it is the running build installed again (the browser may re-install the same
 * build: a script whose bytes differ but whose files do not). A worker too old to say its build
 * counts as new, as every waiting worker did before.
 */
export async function isNewBuild(waiting: ServiceWorker, active: ServiceWorker | null): Promise<boolean> {
  if (active === null) return false;
  const [running, next] = await Promise.all([buildOf(active), buildOf(waiting)]);
  return running === undefined || next === undefined || running !== next;
}

export function isServiceWorkerEnabled(): boolean {
  return import.meta.env.PROD || import.meta.env.VITE_PWA_DEV === 'true';
}

/**
 * Registers the worker, and offers an update (PwaState.updateReady, the update prompt) when a
 * worker of a new build waits; `applyUpdate` then lets it take over and reloads the page.
 */
export function registerServiceWorker(): void {
  watchInstallPrompt();
  if (!isServiceWorkerEnabled() || !('serviceWorker' in navigator)) return;
  import('workbox-window').then(
    ({ Workbox }) => register(Workbox),
    (error: unknown) => console.error('Service worker registration failed', error),
  );
}

function register(Workbox: typeof WorkboxClass): void {
  // The production worker is one classic script; in dev vite-plugin-pwa serves it as an ES module.
  const workbox = import.meta.env.PROD
    ? new Workbox('/sw.js', { scope: '/' })
    : new Workbox('/dev-sw.js?dev-sw', { scope: '/', type: 'module' });

  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  const update = () => {
    void navigator.serviceWorker.getRegistration().then((registration) => {
      // Another tab already let the new build take over: this page only needs to load it.
      if (!registration?.waiting) {
        reload();
        return;
      }
      workbox.addEventListener('controlling', reload);
      workbox.messageSkipWaiting();
    });
  };
  workbox.addEventListener('waiting', (event) => {
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => (event.sw ? isNewBuild(event.sw, registration?.active ?? null) : false))
      .then((isNew) => {
        if (!isNew) {
          console.info('A service worker of this same build was installed again: there is no update to offer.');
          return;
        }
        applyWaiting = update;
        setState({ updateReady: true });
      })
      .catch((error: unknown) => console.error('Could not compare the waiting worker', error));
  });
  workbox.register().catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
}
