import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_RECIPIENTS, RETENTION_DAYS } from '@domain/constants';
import { PageSection } from '@/components/page-section';
import { env } from '@/config/env';

/** The sections of each legal page, in order; their text is in the translation files. */
const SECTIONS = {
  privacy: ['files', 'noAccount', 'logs', 'email', 'local', 'processors', 'rights'],
  terms: ['service', 'use', 'retention', 'responsibility', 'availability', 'changes'],
  cookies: ['none', 'local', 'indexedDb', 'control'],
} as const;

export type LegalPage = keyof typeof SECTIONS;

/** /privacy, /terms and /cookies: what the product really does with files and data. */
export function LegalScreen({ page }: { page: LegalPage }) {
  const { t } = useTranslation();
  const values = {
    days: RETENTION_DAYS,
    count: RETENTION_DAYS,
    maxRecipients: MAX_RECIPIENTS,
    email: env.contactEmail,
  };
  return (
    <PageSection title={t(`legal.${page}.title`)} intro={t(`legal.${page}.intro`, values)}>
      {SECTIONS[page].map((id) => (
        <Stack key={id} gap={6} component="section" aria-labelledby={`legal-${page}-${id}`}>
          <Title order={2} fz="h4" id={`legal-${page}-${id}`}>
            {t(`legal.${page}.sections.${id}.title` as 'legal.privacy.sections.files.title')}
          </Title>
          <Text>{t(`legal.${page}.sections.${id}.text` as 'legal.privacy.sections.files.text', values)}</Text>
        </Stack>
      ))}
      <Text size="sm" c="dimmed">
        {t('legal.updated')}
      </Text>
      <Text c="dimmed">{t('legal.contact', { email: env.contactEmail })}</Text>
    </PageSection>
  );
}
