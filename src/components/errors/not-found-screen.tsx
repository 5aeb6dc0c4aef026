import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={64} fw={800} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.text')}</Text>
        <Button component={Link} to="/">
          {t('common.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
