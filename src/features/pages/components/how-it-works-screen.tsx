import { List, ListItem } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS } from '@domain/constants';
import { PageSection } from '@/components/page-section';

export function HowItWorksScreen() {
  const { t } = useTranslation();
  return (
    <PageSection title={t('howItWorks.title')} intro={t('howItWorks.intro')}>
      <List type="ordered" spacing="sm">
        <ListItem>{t('howItWorks.steps.upload')}</ListItem>
        <ListItem>{t('howItWorks.steps.link')}</ListItem>
        <ListItem>{t('howItWorks.steps.share', { count: RETENTION_DAYS })}</ListItem>
      </List>
    </PageSection>
  );
}
