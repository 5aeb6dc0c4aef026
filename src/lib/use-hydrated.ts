import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the host renders a page and while React takes that page over in the browser
 * (hydration: its first render must write the markup the host wrote); true in every render after,
 * and in every render of a page the app drew itself. What only the browser knows (the reader's
 * time zone) waits for true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
