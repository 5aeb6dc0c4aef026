import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder until the admin feature lands. */
export function AdminSettings() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={1}>{t('admin.settings.title')}</Title>
      <Text c="dimmed">{t('admin.settings.intro')}</Text>
    </Stack>
  );
}
