import { useEffect, useState } from 'react';

/** How long typing pauses before a search is sent: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text box's value now, and the value to search for (settled after a pause in typing);
 * `initial` is searched at once (a search from the top bar).
 */
export function useDebouncedSearch(initial = ''): { text: string; setText: (text: string) => void; search: string } {
  const [text, setText] = useState(initial);
  const [search, setSearch] = useState(initial.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, search };
}
