import { useEffect } from 'react';

/**
 * While a transfer runs, closing or reloading the page asks first: the browser's own "Leave site?"
 * dialog (its text cannot be set), since leaving ends the transfer for both sides.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
