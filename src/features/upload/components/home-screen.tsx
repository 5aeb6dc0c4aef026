import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconClockHour4, IconLock, IconUserOff } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_SIZE, RETENTION_DAYS } from '@domain/constants';
import classes from './home-screen.module.css';
import { SendUploadCard } from './send-upload-card';

const GIB = 1024 ** 3;

const FEATURES = [
  { icon: IconBolt, titleKey: 'home.features.fast.title', textKey: 'home.features.fast.text' },
  { icon: IconLock, titleKey: 'home.features.secure.title', textKey: 'home.features.secure.text' },
  { icon: IconUserOff, titleKey: 'home.features.noAccount.title', textKey: 'home.features.noAccount.text' },
  { icon: IconClockHour4, titleKey: 'home.features.autoDelete.title', textKey: 'home.features.autoDelete.text' },
] as const satisfies readonly { titleKey: ParseKeys; textKey: ParseKeys; icon: unknown }[];

/** Home (/): the title, the upload card and the feature tiles. */
export function HomeScreen() {
  const { t } = useTranslation();
  const values = { count: RETENTION_DAYS, days: RETENTION_DAYS, maxSizeGb: MAX_FILE_SIZE / GIB };
  return (
    <Container size="lg">
      <div className={classes.layout}>
        <Stack gap="lg" className={classes.intro}>
          <Title order={1}>{t('home.title')}</Title>
          <Text size="lg" c="dimmed">
            {t('home.subtitle', values)}
          </Text>
        </Stack>
        <div className={classes.card}>
          <SendUploadCard />
        </div>
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
      </div>
    </Container>
  );
}
