import { useEffect } from 'react';
import { sweepReceiveFolders } from '../storage/received-storage';

/**
 * Received files that a closed (or crashed) page left in this browser's private storage are removed
 * when a direct-transfer screen opens: "dropped when the page closes", even when the page could not
 * finish doing it itself.
 */
export function useSweepLeftovers(): void {
  useEffect(() => {
    sweepReceiveFolders().catch((error: unknown) => console.warn('Could not sweep received files', error));
  }, []);
}
