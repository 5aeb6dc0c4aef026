// The answers the host's page render got from the API for the first screen (the share, the
// settings), sent in the page so the app's first render shows the same screen without asking
// again: a download page's view is counted once, by the render (src/entry-server.tsx).
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The id of the page's JSON data block (not run: `type="application/json"`). */
export const PAGE_DATA_ID = 'page-data';

export interface PageQuery {
  key: QueryKey;
  data: unknown;
}

/** The successful answers in `queryClient`. */
export function answeredQueries(queryClient: QueryClient): PageQuery[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ key: query.queryKey, data: query.state.data }));
}

/**
 * The JSON for a `<script type="application/json">` element: `<` is escaped, so no file name or
 * text can close the element and start markup of its own.
 */
export function pageDataJson(queries: PageQuery[]): string {
  return JSON.stringify(queries).replace(/</g, '\\u003c');
}

/** Puts the page's answers into the app's cache; a page the host did not render has none. */
export function seedPageData(queryClient: QueryClient, doc: Document): void {
  const element = doc.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return;
  try {
    const queries = JSON.parse(element.textContent) as PageQuery[];
    for (const { key, data } of queries) queryClient.setQueryData(key, data);
  } catch {
    // Not ours or damaged: the app asks the API as on any visit.
  }
}
