import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageSlug, PublicPageDto } from '@domain/api-types';
import { apiClient } from './app-client';
import { preloadSettings } from './settings';

export const pageKeys = {
  all: ['pages'] as const,
  page: (slug: PageSlug, language: string) => [...pageKeys.all, slug, language] as const,
};

/** The languages pages exist in; anything else reads the English page. */
function pageLanguage(language: string): 'en' | 'tr' {
  return language.startsWith('tr') ? 'tr' : 'en';
}

/** GET pages/{slug}?lang=: the admin's published Markdown, or content null (keep the built-in text). */
export function getPublishedPage(slug: PageSlug, language: string, signal?: AbortSignal): Promise<PublicPageDto> {
  return apiClient.call<PublicPageDto>(`pages/${slug}?lang=${pageLanguage(language)}`, { signal });
}

export function publishedPageQueryOptions(slug: PageSlug, language: string) {
  const lang = pageLanguage(language);
  return queryOptions({
    queryKey: pageKeys.page(slug, lang),
    queryFn: ({ signal }) => getPublishedPage(slug, lang, signal),
    staleTime: 60 * 1000,
    // Offline or failing: the built-in text is a good page, never an error screen.
    retry: false,
  });
}

/** The published Markdown of a page in the UI's language; null while loading, failing or unpublished. */
export function usePublishedPage(slug: PageSlug, language: string): string | null {
  return useQuery(publishedPageQueryOptions(slug, language)).data?.content ?? null;
}

/** For a route's loader: the page's content is known before it renders (no flash of the built-in text). */
async function preloadPublishedPage(queryClient: QueryClient, slug: PageSlug, language: string): Promise<void> {
  await queryClient.ensureQueryData(publishedPageQueryOptions(slug, language)).catch(() => undefined);
}

/**
 * The loader of the screens that show the admin's published text and the server's limits (Home,
 * How it works, About): both are known before the first render, fetched side by side.
 */
export async function preloadPageScreen(queryClient: QueryClient, slug: PageSlug, language: string): Promise<void> {
  await Promise.all([preloadPublishedPage(queryClient, slug, language), preloadSettings(queryClient)]);
}
