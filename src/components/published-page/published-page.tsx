import { lazy, Suspense, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PageSlug } from '@domain/api-types';
import { usePublishedPage } from '@/lib/api/pages';

// The Markdown renderer is loaded only when a page has published content: pages without an
// override (the usual case) never download it.
const MarkdownContent = lazy(() => import('./markdown-content').then((m) => ({ default: m.MarkdownContent })));

/**
 * The admin's published Markdown for this page in the UI's language, in place of `children` (the
 * built-in text); the built-in text while there is none (or it cannot be loaded).
 */
export function PublishedPage({ slug, children }: { slug: PageSlug; children: ReactNode }) {
  const { i18n } = useTranslation();
  const content = usePublishedPage(slug, i18n.language);
  if (content === null) return <>{children}</>;
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <div data-testid={`published-${slug}`}>
        <MarkdownContent content={content} />
      </div>
    </Suspense>
  );
}
