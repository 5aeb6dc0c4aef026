import { lazy, Suspense, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PageSlug } from '@domain/api-types';
import { PageSection, type PageSectionProps } from '@/components/page-section';
import { usePublishedPage } from '@/lib/api/pages';
import { splitTitle } from './split-title';

// The Markdown renderer is loaded only when a page has published content: pages without an
// override (the usual case) never download it.
const MarkdownContent = lazy(() => import('./markdown-content').then((m) => ({ default: m.MarkdownContent })));

function PublishedMarkdown({ slug, content }: { slug: PageSlug; content: string }) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <div data-testid={`published-${slug}`}>
        <MarkdownContent content={content} />
      </div>
    </Suspense>
  );
}

/**
 * The admin's published Markdown for this page in the UI's language, in place of `children` (the
 * built-in text); the built-in text while there is none (or it cannot be loaded).
 */
export function PublishedPage({ slug, children }: { slug: PageSlug; children: ReactNode }) {
  const { i18n } = useTranslation();
  const content = usePublishedPage(slug, i18n.language);
  if (content === null) return <>{children}</>;
  return <PublishedMarkdown slug={slug} content={content} />;
}

/**
 * A whole screen whose text the admin may replace: the built-in title, intro and `children` until
 * something is published; then the published Markdown, whose leading "# heading" (if any) becomes
 * the screen's one <h1>. `after` shows below either.
 */
export function PublishedPageSection({
  slug,
  title,
  intro,
  size,
  after,
  children,
}: PageSectionProps & { slug: PageSlug; after?: ReactNode }) {
  const { i18n } = useTranslation();
  const content = usePublishedPage(slug, i18n.language);
  if (content === null) {
    return (
      <PageSection title={title} intro={intro} size={size}>
        {children}
        {after}
      </PageSection>
    );
  }
  const published = splitTitle(content);
  return (
    <PageSection title={published.title ?? title} size={size}>
      <PublishedMarkdown slug={slug} content={published.body} />
      {after}
    </PageSection>
  );
}
