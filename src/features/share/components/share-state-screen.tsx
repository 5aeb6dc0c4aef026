import type { ReactNode } from 'react';
import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export interface ShareStateScreenProps {
  icon: ReactNode;
  color: string;
  title: string;
  text?: string;
  /** Shows the Go Home link (every dead end has one, docs/product.md §2). */
  withHomeLink?: boolean;
  children?: ReactNode;
}

/** One of the download page's full-screen states: invalid link, loading, not found, expired, failed. */
export function ShareStateScreen({ icon, color, title, text, withHomeLink = true, children }: ShareStateScreenProps) {
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {text !== undefined && <Text c="dimmed">{text}</Text>}
        {children}
        {withHomeLink && (
          <Button component={Link} to="/" variant="light" leftSection={<IconHome size={18} aria-hidden />}>
            {t('common.goHome')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
