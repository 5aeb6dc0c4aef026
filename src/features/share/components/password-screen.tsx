import { type FormEvent, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { RevealablePasswordInput } from '@/components/revealable-password-input';
import { ApiError } from '@/lib/api/client';
import { isE2eError } from '@/lib/crypto/errors';
import { MAX_PASSWORD_LENGTH } from '@/lib/crypto/password';
import type { OpenedWithPassword } from '../api/unlock-share';
import { linkProblemOf } from '../hooks/use-share-secrets';
import { ShareStateScreen } from './share-state-screen';

/** What the visitor reads when the password did not open the share, or null when the link is the matter. */
function unlockFailure(t: TFunction, error: unknown): string | null {
  if (linkProblemOf(error)) return null;
  if (error instanceof ApiError && error.code === 'wrong_password') return t('download.password.wrong');
  if (error instanceof ApiError && error.code === 'too_many_attempts') {
    const seconds = Number(error.params?.retryAfterSeconds ?? 60);
    return t('download.password.wait', { count: Math.max(1, Math.ceil(seconds / 60)) });
  }
  if (isE2eError(error, 'password-invalid')) return t('download.password.invalid', { max: MAX_PASSWORD_LENGTH });
  return t('download.password.failed');
}

/**
 * A password share's first screen: the password (shown on request), Enter or Open to try it. The
 * slow key takes about a second on a phone, said by the busy button; a wrong password says so and
 * the visitor types again.
 */
export function PasswordScreen({ unlock }: { unlock: UseMutationResult<OpenedWithPassword, Error, string> }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const busy = unlock.isPending;
  const failure = unlock.isError ? unlockFailure(t, unlock.error) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || password.length === 0) return;
    unlock.mutate(password);
  };

  return (
    <ShareStateScreen
      icon={<IconLock size={32} />}
      color="blue"
      title={t('download.password.title')}
      text={t('download.password.text')}
      withHomeLink={false}
    >
      <Stack component="form" onSubmit={onSubmit} gap="sm" w="100%" maw={360} ta="start">
        <RevealablePasswordInput
          showLabel={t('download.password.show')}
          label={t('download.password.label')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={failure !== null}
        />
        {failure !== null && <ErrorAlert>{failure}</ErrorAlert>}
        <Button type="submit" loading={busy} disabled={password.length === 0}>
          {busy ? t('download.password.checking') : t('download.password.open')}
        </Button>
      </Stack>
    </ShareStateScreen>
  );
}
