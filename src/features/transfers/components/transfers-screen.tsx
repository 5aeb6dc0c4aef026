import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageSection } from '@/components/page-section';

/** Transfers (/upload): this device's uploads. Placeholder until the transfers feature lands. */
export function TransfersScreen() {
  const { t } = useTranslation();
  return (
    <PageSection title={t('transfers.title')} intro={t('transfers.intro')}>
      <Text c="dimmed">{t('transfers.empty')}</Text>
    </PageSection>
  );
}
