import { useCallback, useEffect, useRef, useState } from 'react';
import { HELD_COPY_ATTRIBUTE } from '@/config/boot-contract';
import { COPIED_FEEDBACK_MS } from '@domain/constants';

/**
 * Copies text to the clipboard; `copied` stays true for COPIED_FEEDBACK_MS. A refused copy (no
 * permission, insecure page) is only logged, as docs/product.md §8 says: the link stays visible to copy by hand.
 */
export function useCopyLink(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    const html = document.documentElement;
    // A tap held before the app was live copied `text` itself (public/boot.js); this replay of it
    // is no longer a gesture, and WebKit refuses its copy.
    const copiedOnHold = html.getAttribute(HELD_COPY_ATTRIBUTE) === text;
    html.removeAttribute(HELD_COPY_ATTRIBUTE);
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      if (!copiedOnHold) {
        console.error('Could not copy the link', error);
        return;
      }
    }
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  }, []);

  return { copied, copy };
}
