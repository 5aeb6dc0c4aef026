// The built-in text of a public page written out as Markdown, in one language: what the page
// editor opens with while nothing is saved, so that Edit → Save publishes what is live, not nothing.
import type { TFunction } from 'i18next';
import type { PageSlug } from '@domain/api-types';
import {
  ABOUT_PRINCIPLES,
  HOME_FEATURES,
  HOW_IT_WORKS,
  LEGAL_SECTIONS,
  type LegalPage,
  type PageValues,
} from '@/components/published-page/page-outlines';

/** Blocks joined as Markdown paragraphs. */
const blocks = (...parts: (string | string[])[]) => parts.flat().join('\n\n') + '\n';

function home(t: TFunction, values: PageValues): string {
  // Home keeps its own title and upload card: the text is the subtitle and the feature tiles.
  return blocks(
    t('home.intro', values),
    HOME_FEATURES.map(
      (id) => `## ${t(`home.features.${id}.title`, values)}\n\n${t(`home.features.${id}.text`, values)}`,
    ),
  );
}

function about(t: TFunction, values: PageValues): string {
  return blocks(
    `# ${t('about.title')}`,
    t('about.mission'),
    t('about.story', values),
    ABOUT_PRINCIPLES.map((id) => `## ${t(`about.${id}.title`)}\n\n${t(`about.${id}.text`, values)}`),
  );
}

function howItWorks(t: TFunction, values: PageValues): string {
  return blocks(
    `# ${t('howItWorks.title')}`,
    t('howItWorks.intro'),
    HOW_IT_WORKS.steps.map(
      (id, index) =>
        `## ${t('howItWorks.stepLabel', { number: index + 1 })} ${t(`howItWorks.steps.${id}.title`)}\n\n` +
        t(`howItWorks.steps.${id}.text`, values),
    ),
    `## ${t('howItWorks.security.title')}`,
    HOW_IT_WORKS.security.map((id) => `- ${t(`howItWorks.security.points.${id}`, values)}`).join('\n'),
    `## ${t('howItWorks.specs.title')}`,
    HOW_IT_WORKS.specs
      .map((id) => `- **${t(`howItWorks.specs.rows.${id}.label`)}:** ${t(`howItWorks.specs.rows.${id}.value`, values)}`)
      .join('\n'),
    `## ${t('howItWorks.faq.title')}`,
    HOW_IT_WORKS.faq.map(
      (id) =>
        `### ${t(`howItWorks.faq.items.${id}.question`, values)}\n\n${t(`howItWorks.faq.items.${id}.answer`, values)}`,
    ),
  );
}

function legal(page: LegalPage, t: TFunction, values: PageValues): string {
  const key = (id: string, part: 'title' | 'text') =>
    `legal.${page}.sections.${id}.${part}` as 'legal.privacy.sections.files.title';
  return blocks(
    `# ${t(`legal.${page}.title`)}`,
    t(`legal.${page}.intro`, values),
    LEGAL_SECTIONS[page].map((id) => `## ${t(key(id, 'title'))}\n\n${t(key(id, 'text'), values)}`),
    `_${t('legal.updated')}_`,
  );
}

/** The page's built-in text as Markdown, in the language `t` speaks, with `values`' figures written in. */
export function builtInMarkdown(slug: PageSlug, t: TFunction, values: PageValues): string {
  switch (slug) {
    case 'home':
      return home(t, values);
    case 'about':
      return about(t, values);
    case 'how-it-works':
      return howItWorks(t, values);
    case 'terms':
    case 'privacy':
    case 'cookies':
      return legal(slug, t, values);
  }
}
