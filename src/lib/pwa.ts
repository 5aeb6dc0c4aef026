// Registers the service worker (sw/sw.ts, built to /sw.js by vite-plugin-pwa) and keeps what the
// install button and the update prompt need to know: whether a new version waits, and whether the
// browser offers to install the app. Only in production builds, or in dev when VITE_PWA_DEV=true:
// a worker caching dev modules makes development confusing.
import { Workbox } from 'workbox-window';

export interface RegisterServiceWorkerOptions {
  /**
   * A new version is installed and waiting. Call `update` to activate it; the page reloads once
   * the new worker controls it. The update prompt (`usePwaState`) hears of it either way.
   */
  onNeedRefresh?: (update: () => void) => void;
}

/** Chromium's install offer; not in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  /** A new service worker is installed and waits for this version's pages to let it take over. */
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

export function isServiceWorkerEnabled(): boolean {
  return import.meta.env.PROD || import.meta.env.VITE_PWA_DEV === 'true';
}

export function registerServiceWorker(options: RegisterServiceWorkerOptions = {}): Workbox | undefined {
  watchInstallPrompt();
  if (!isServiceWorkerEnabled() || !('serviceWorker' in navigator)) return undefined;
  // The production worker is one classic script; in dev vite-plugin-pwa serves it as an ES module.
  const workbox = import.meta.env.PROD
    ? new Workbox('/sw.js', { scope: '/' })
    : new Workbox('/dev-sw.js?dev-sw', { scope: '/', type: 'module' });

  let reloading = false;
  const update = () => {
    workbox.addEventListener('controlling', () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    });
    workbox.messageSkipWaiting();
  };
  workbox.addEventListener('waiting', () => {
    applyWaiting = update;
    setState({ updateReady: true });
    options.onNeedRefresh?.(update);
  });
  workbox.register().catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
  return workbox;
}
