import type { ReactNode } from 'react';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** A list that is still on its way: a spinner and what is loading, announced politely. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>{label}</Text>
      </Group>
    </Center>
  );
}

/** A list with nothing in it: what that means, and the way to Home to fill it. */
export function EmptyState({ icon, text, action }: { icon: ReactNode; text: string; action: string }) {
  return (
    <Stack align="center" gap="md" py="xl">
      {icon}
      <Text fw={600} ta="center">
        {text}
      </Text>
      <Button component={Link} to="/">
        {action}
      </Button>
    </Stack>
  );
}
