import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageSection } from '@/components/page-section';

export function AboutScreen() {
  const { t } = useTranslation();
  return (
    <PageSection title={t('about.title')} intro={t('about.mission')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap={4}>
          <Title order={2} fz="h4">
            {t('about.privacyFirst.title')}
          </Title>
          <Text c="dimmed">{t('about.privacyFirst.text')}</Text>
        </Stack>
        <Stack gap={4}>
          <Title order={2} fz="h4">
            {t('about.securityFocused.title')}
          </Title>
          <Text c="dimmed">{t('about.securityFocused.text')}</Text>
        </Stack>
      </SimpleGrid>
    </PageSection>
  );
}
