import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Card, Center, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '@/components/request-error';
import { useAdminLogin } from '../api/login';

interface FieldErrors {
  username?: string;
  password?: string;
}

/** Shown on every /admin path while signed out (docs/product.md §2 Admin panel). */
export function AdminSignInForm() {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FieldErrors = {};
    if (username.trim() === '') next.username = t('admin.signIn.usernameRequired');
    if (password === '') next.password = t('admin.signIn.passwordRequired');
    setErrors(next);
    if (next.username !== undefined || next.password !== undefined) return;
    login.mutate({ username: username.trim(), password });
  }

  return (
    <Center mih="100dvh" p="md" component="main">
      <Card withBorder shadow="md" radius="lg" padding="xl" w="100%" maw={400}>
        <form onSubmit={submit} noValidate aria-labelledby="admin-sign-in-title">
          <Stack gap="md">
            <Stack gap={4} align="center">
              <IconLock size={36} stroke={1.5} aria-hidden />
              <Title order={1} fz="h2" id="admin-sign-in-title">
                {t('admin.signIn.title')}
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                {t('admin.signIn.subtitle')}
              </Text>
            </Stack>
            <RequestError error={login.error} />
            <TextInput
              label={t('admin.signIn.username')}
              name="username"
              autoComplete="username"
              required
              value={username}
              error={errors.username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <PasswordInput
              label={t('admin.signIn.password')}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t('admin.signIn.togglePassword') }}
            />
            <Button
              type="submit"
              fullWidth
              disabled={login.isPending}
              leftSection={login.isPending ? <Loader size="xs" color="currentColor" /> : undefined}
            >
              {login.isPending ? t('admin.signIn.submitting') : t('admin.signIn.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
