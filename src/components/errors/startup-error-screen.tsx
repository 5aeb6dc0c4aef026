import { Alert, Center, Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Shown instead of the app when it cannot start, usually a wrong .env value: the operator reads
 * the exact message here rather than facing a blank page.
 */
export function StartupErrorScreen({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack maw={560} gap="md" component="main">
        <Title order={1}>{t('startupError.title')}</Title>
        <Text>{t('startupError.text')}</Text>
        <Alert color="red" variant="light" role="alert">
          <Code block>{message}</Code>
        </Alert>
      </Stack>
    </Center>
  );
}
