import { useSyncExternalStore } from 'react';
import { getPwaState, subscribePwa, type PwaState } from '@/lib/pwa';

/** Whether a new version waits and whether the browser offers to install the app, kept current. */
export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
}
