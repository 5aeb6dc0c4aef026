import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageSection } from '@/components/page-section';
import { env } from '@/config/env';

export type LegalPage = 'privacy' | 'terms' | 'cookies';

/** /privacy, /terms and /cookies; the spec gives only their titles. */
export function LegalScreen({ page }: { page: LegalPage }) {
  const { t } = useTranslation();
  return (
    <PageSection title={t(`legal.${page}.title`)} intro={t(`legal.${page}.intro`)}>
      <Text c="dimmed">{t('legal.contact', { email: env.contactEmail })}</Text>
    </PageSection>
  );
}
