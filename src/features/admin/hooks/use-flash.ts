import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_DURATION_MS } from '@domain/constants';

/** A message shown for SPEC's 3 seconds ('Settings saved successfully!'), then gone. */
export function useFlash(): [boolean, () => void] {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = useCallback(() => {
    clearTimeout(timer.current);
    setShown(true);
    timer.current = setTimeout(() => setShown(false), MESSAGE_DURATION_MS);
  }, []);
  return [shown, flash];
}
