import { useRouter } from '@tanstack/react-router';

/** The share's link on this site: the router's origin is the page's, also when the host renders it. */
export function useShareUrl(shareId: string): string {
  return `${useRouter().origin}/s/${shareId}`;
}
