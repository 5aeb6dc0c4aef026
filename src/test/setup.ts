// Vitest setup for the 'app' project. Runs before every test file, in happy-dom and in node files
// alike, so everything DOM-specific is guarded.
import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { setupI18n } from '@/lib/i18n';
import en from '@/locales/en.json';
import tr from '@/locales/tr.json';

// src/config/env.ts reads the public env when first imported; tests get valid, harmless values
// unless the run supplies its own (vitest `test.env` or the shell).
if (!import.meta.env.VITE_SUPABASE_URL) vi.stubEnv('VITE_SUPABASE_URL', 'http://127.0.0.1:54321');
if (!import.meta.env.VITE_SUPABASE_ANON_KEY) {
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'sb_publishable_test_key_for_unit_tests_0000');
}

// Both languages at hand from the start, so a test reads strings synchronously (the app fetches
// only the visitor's language). Later setupI18n calls keep these.
setupI18n('Ulak', { en, tr });

if (typeof window !== 'undefined') {
  // Mantine reads these; happy-dom has them today, the stubs keep tests working if it stops.
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string): MediaQueryList =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    });
  }
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  }
  window.HTMLElement.prototype.scrollIntoView ??= () => {};

  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
