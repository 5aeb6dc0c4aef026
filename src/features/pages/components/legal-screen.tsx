import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LEGAL_SECTIONS, pageValues, type LegalPage } from '@/components/published-page/page-outlines';
import { PublishedPageSection } from '@/components/published-page/published-page';
import { useSettings } from '@/lib/api/settings';

/**
 * /privacy, /terms and /cookies: what the product really does with files and data; the operator's
 * published text instead, when there is one. The contact line shows the operator's address, when set.
 */
export function LegalScreen({ page }: { page: LegalPage }) {
  const { t } = useTranslation();
  const values = pageValues(useSettings());
  return (
    <PublishedPageSection
      slug={page}
      title={t(`legal.${page}.title`)}
      intro={t(`legal.${page}.intro`, values)}
      after={values.email !== '' && <Text c="dimmed">{t('legal.contact', values)}</Text>}
    >
      {LEGAL_SECTIONS[page].map((id) => (
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
    </PublishedPageSection>
  );
}
