import { useEffect, useState } from 'react';

/** How often time-left labels refresh: they count minutes at the finest, so once a minute is enough. */
const DEFAULT_TICK_MS = 60_000;

/** The current time, refreshed every `tickMs`, so "N hour(s) left" moves on while the page stays open. */
export function useNow(tickMs: number = DEFAULT_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
