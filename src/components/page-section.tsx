import type { ReactNode } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';

export interface PageSectionProps {
  /** The screen's one <h1>. */
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/** The standard frame of a screen: a container, its <h1> and a lead paragraph. */
export function PageSection({ title, intro, children, size = 'md' }: PageSectionProps) {
  return (
    <Container size={size}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          {intro !== undefined && (
            <Text size="lg" c="dimmed">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
