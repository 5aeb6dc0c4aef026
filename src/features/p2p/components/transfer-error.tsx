import type { ReactNode } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { P2pErrorCode } from '../utils/errors';

/** Why a transfer stopped, in a sentence, with what the person can do next. */
export function TransferError({ error, children }: { error: P2pErrorCode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('p2p.failedTitle')}
      data-testid="p2p-error"
      data-error={error}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(`p2p.errors.${error}`)}</Text>
        {children}
      </Stack>
    </Alert>
  );
}
