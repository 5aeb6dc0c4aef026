import { Stack, Text } from '@mantine/core';

/** One fact of the download page (size, uploaded, time left): a small label above its value. */
export function Detail({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500} c={color}>
        {value}
      </Text>
    </Stack>
  );
}
