import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The global fallback (docs/product.md §8) shown when a screen throws. The cause goes to the console only. */
export function ErrorScreen({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  if (error !== undefined) console.error(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <IconAlertTriangle size={48} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1}>{t('errors.title')}</Title>
        <Text>{t('errors.generic')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.refresh')}</Button>
      </Stack>
    </Center>
  );
}
