import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS } from '@domain/constants';
import { PageSection } from '@/components/page-section';
import { PublishedPage } from '@/components/published-page/published-page';
import { useSettings } from '@/lib/api/settings';

const PRINCIPLES = [
  { id: 'privacyFirst', icon: IconShieldCheck },
  { id: 'securityFocused', icon: IconLock },
] as const;

/**
 * /about: the mission and two principles, Privacy First and Security Focused (docs/product.md §2); the
 * admin's published text instead, when there is one.
 */
export function AboutScreen() {
  const { t } = useTranslation();
  const days = useSettings()?.retentionDays ?? RETENTION_DAYS;
  return (
    <PageSection title={t('about.title')}>
      <PublishedPage slug="about">
        <Text size="lg" c="dimmed">
          {t('about.mission')}
        </Text>
        <Text>{t('about.story', { days })}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {PRINCIPLES.map(({ id, icon: Icon }) => (
            <Card key={id} withBorder radius="lg" padding="lg" component="section" aria-labelledby={`about-${id}`}>
              <Stack gap="xs">
                <ThemeIcon size="xl" radius="md" variant="light" aria-hidden>
                  <Icon size={26} stroke={1.6} />
                </ThemeIcon>
                <Title order={2} fz="h4" id={`about-${id}`}>
                  {t(`about.${id}.title`)}
                </Title>
                <Text c="dimmed">{t(`about.${id}.text`, { days })}</Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </PublishedPage>
    </PageSection>
  );
}
