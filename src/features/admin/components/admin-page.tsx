import type { ReactNode } from 'react';
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RequestError } from '@/components/request-error';

/** The frame of every admin screen: its <h1>, a line saying what it shows, and its content. */
export function AdminPage({
  title,
  intro,
  aside,
  children,
}: {
  title: string;
  intro: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        {aside}
      </Group>
      {children}
    </Stack>
  );
}

/** What a query shows before it has data: a loader, or why it failed. */
export function QueryState({ isPending, error }: { isPending: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (error) return <RequestError error={error} />;
  if (isPending) {
    return (
      <Group justify="center" p="xl" role="status" aria-label={t('admin.common.loading')}>
        <Loader />
      </Group>
    );
  }
  return null;
}
