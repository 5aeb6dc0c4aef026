import { useState } from 'react';

/**
 * Whether `opened` has been true at any render so far. A dialog whose code loads on first use is
 * mounted from its first opening on (not before: that is when its code loads), and then stays
 * mounted, so its closing transition still runs.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  // Set during render (React's pattern for state derived from earlier renders): no extra effect pass.
  if (opened && !once) setOnce(true);
  return once || opened;
}
