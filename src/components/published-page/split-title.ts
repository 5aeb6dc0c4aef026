/** A leading "# Heading" line (ATX level 1), with optional closing #s. */
const LEADING_H1 = /^\s*# +(.*?)(?: +#+)? *(?:\r?\n|$)/;

/**
 * The operator's own page title, when their Markdown starts with a level-1 heading, and the rest:
 * the page shows that heading as its one <h1>, in place of the built-in title, never both.
 */
export function splitTitle(markdown: string): { title: string | null; body: string } {
  const match = LEADING_H1.exec(markdown);
  const title = match?.[1]?.trim() ?? '';
  if (!match || title === '') return { title: null, body: markdown };
  return { title, body: markdown.slice(match[0].length) };
}
