import { useRouter } from '@tanstack/react-router';

/**
 * The share's link on this site: the router's origin is the page's, also when the host renders it.
 * An encrypted share's link carries its key in the fragment (`fragment`), or it opens nothing.
 */
export function useShareUrl(shareId: string, fragment = ''): string {
  return `${useRouter().origin}/s/${shareId}${fragment ? `#${fragment}` : ''}`;
}
