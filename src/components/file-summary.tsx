import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';

/** A file's name and size in the reader's number format; long names wrap, or end in '…' when `truncate`. */
export function FileSummary({ name, size, truncate = false }: { name: string; size: number; truncate?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap={truncate ? 0 : 2} style={{ minWidth: 0, flex: 1 }}>
      <Text
        fw={600}
        truncate={truncate ? 'end' : undefined}
        style={truncate ? undefined : { overflowWrap: 'anywhere' }}
      >
        {name}
      </Text>
      <Text size="sm" c="dimmed">
        {formatBytes(size, i18n.language)}
      </Text>
    </Stack>
  );
}
