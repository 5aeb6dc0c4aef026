import { Typography } from '@mantine/core';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';

/** Links may go to web pages, mail addresses and paths of this site; nothing else (no javascript:, data:). */
const SAFE_LINK = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url.trim());
  return SAFE_LINK.test(cleaned) ? cleaned : '';
}

/** Markdown structure only: no raw HTML, no images (nothing loads from elsewhere), no iframes. */
const ALLOWED = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
];

// The page keeps its own h1 title: a Markdown "#" heading becomes an h2, like "##", so the page
// has one h1 and no level is skipped whichever the writer started with.
const components: Components = {
  h1: 'h2',
  a: ({ href, children }) => {
    const external = href !== undefined && /^https?:/i.test(href);
    return (
      <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
        {children}
      </a>
    );
  },
};

/**
 * Admin-written Markdown, rendered sanitised: raw HTML in it is dropped (skipHtml), only the
 * elements above are kept, and link targets pass safeUrl. No script can come from the content.
 */
export function MarkdownContent({ content }: { content: string }) {
  return (
    <Typography>
      <Markdown skipHtml allowedElements={ALLOWED} unwrapDisallowed urlTransform={safeUrl} components={components}>
        {content}
      </Markdown>
    </Typography>
  );
}
