import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconClockHour4, IconLock, IconUserOff } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { GIB, MAX_FILE_SIZE } from '@domain/constants';
import { PublishedPage } from '@/components/published-page/published-page';
import { usePublishedPage } from '@/lib/api/pages';
import { useSettings } from '@/lib/api/settings';
import classes from './home-screen.module.css';
import { SendUploadCard } from './send-upload-card';

const FEATURES = [
  { icon: IconBolt, titleKey: 'home.features.fast.title', textKey: 'home.features.fast.text' },
  { icon: IconLock, titleKey: 'home.features.secure.title', textKey: 'home.features.secure.text' },
  { icon: IconUserOff, titleKey: 'home.features.noAccount.title', textKey: 'home.features.noAccount.text' },
  { icon: IconClockHour4, titleKey: 'home.features.expiry.title', textKey: 'home.features.expiry.text' },
] as const satisfies readonly { titleKey: ParseKeys; textKey: ParseKeys; icon: unknown }[];

/**
 * Home (/): the title, the upload card and the feature tiles, with the limits the server enforces
 * now. The admin's published text replaces the subtitle and the tiles (the title and the card stay).
 * How long files are kept is said once, by the card, next to Upload.
 */
export function HomeScreen() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const published = usePublishedPage('home', i18n.language) !== null;
  const values = { maxSizeGb: (settings?.maxFileSize ?? MAX_FILE_SIZE) / GIB };
  return (
    <Container size="lg">
      <div className={classes.layout}>
        <Stack gap="lg" className={classes.intro}>
          <Title order={1}>{t('home.title')}</Title>
          <PublishedPage slug="home">
            <Text size="lg" c="dimmed">
              {t('home.intro', values)}
            </Text>
          </PublishedPage>
        </Stack>
        <div className={classes.card}>
          <SendUploadCard />
        </div>
        {!published && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" className={classes.features}>
            {FEATURES.map(({ icon: Icon, titleKey, textKey }) => (
              <Stack key={titleKey} gap={6}>
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  <Icon size={20} stroke={1.6} />
                </ThemeIcon>
                <Title order={2} fz="md">
                  {t(titleKey, values)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(textKey, values)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </div>
    </Container>
  );
}
