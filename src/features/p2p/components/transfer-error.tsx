import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { describeError, type Failure } from '@/lib/api/failure';
import type { P2pErrorCode } from '../protocol/errors';

/**
 * Why a transfer stopped, in a sentence, with what the person can do next: the API's own reason
 * when it refused (`apiFailure`), else the transfer's.
 */
export function TransferError({
  error,
  apiFailure,
  children,
}: {
  error: P2pErrorCode;
  apiFailure?: Failure;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ErrorAlert title={t('p2p.failedTitle')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{apiFailure ? describeError(t, apiFailure) : t(`p2p.errors.${error}`)}</Text>
        {children}
      </Stack>
    </ErrorAlert>
  );
}
