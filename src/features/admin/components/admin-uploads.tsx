import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder until the admin feature lands. */
export function AdminUploads() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={1}>{t('admin.uploads.title')}</Title>
      <Text c="dimmed">{t('admin.uploads.intro')}</Text>
    </Stack>
  );
}
