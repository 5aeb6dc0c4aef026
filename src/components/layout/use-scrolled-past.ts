import { useCallback, useState } from 'react';

/**
 * Whether the page is scrolled past a marker element at its top (the returned ref), told by an
 * IntersectionObserver. Reading `window.scrollY` instead (as Mantine's `useWindowScroll` does on
 * mount) makes the browser lay out the whole new page in the middle of React's first commit: at
 * Lighthouse's 4x slowed CPU that task was about 100 ms longer. The observer answers after the
 * browser's own layout, and nothing runs on every scroll event.
 */
export function useScrolledPast(): [boolean, (marker: HTMLElement | null) => () => void] {
  const [scrolled, setScrolled] = useState(false);
  const marker = useCallback((element: HTMLElement | null) => {
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setScrolled(!entry.isIntersecting);
    });
    if (element) observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [scrolled, marker];
}
