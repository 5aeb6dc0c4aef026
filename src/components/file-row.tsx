import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';

/**
 * One file of a list, the same wherever files are listed (picked to upload, offered directly): its
 * name, cut to fit with the whole of it on hover, a dimmed line under it (its size, and what the
 * caller adds), and the caller's action at the end (remove, save, a state).
 */
export function FileRow({ name, detail, action }: { name: string; detail: ReactNode; action?: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" truncate="end" title={name}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
