import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ABOUT_PRINCIPLES, pageValues } from '@/components/published-page/page-outlines';
import { PublishedPageSection } from '@/components/published-page/published-page';
import { useSettings } from '@/lib/api/settings';

const PRINCIPLE_ICONS = { privacyFirst: IconShieldCheck, securityFocused: IconLock } as const;

/**
 * /about: the mission and two principles, Privacy first and Security focused (docs/product.md §2); the
 * admin's published text instead, when there is one.
 */
export function AboutScreen() {
  const { t } = useTranslation();
  const { days } = pageValues(useSettings());
  return (
    <PublishedPageSection slug="about" title={t('about.title')}>
      <Text size="lg" c="dimmed">
        {t('about.mission')}
      </Text>
      <Text>{t('about.story', { days })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {ABOUT_PRINCIPLES.map((id) => {
          const Icon = PRINCIPLE_ICONS[id];
          return (
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
          );
        })}
      </SimpleGrid>
    </PublishedPageSection>
  );
}
