import { useEffect } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconFileZip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TransferDto } from '@domain/api-types';
import { formatBytes } from '@domain/format-bytes';
import { ErrorAlert } from '@/components/error-alert';
import { IN_MEMORY_SAVE_MAX_BYTES } from '@/lib/download-pipeline/memory-save-target';
import { useDownloadAll, zipName } from '../api/download-all';
import { shareKeys } from '../keys';
import { InMemoryNote } from './file-download-status';
import { earlyZip } from '../utils/early-download';

/** Download all: one zip of the transfer, with its progress, Cancel, and what went wrong. */
export function DownloadAllPanel({ transfer }: { transfer: TransferDto }) {
  const { t, i18n } = useTranslation();
  const { state, start, cancel, inMemory, tooLarge } = useDownloadAll(transfer);
  const queryClient = useQueryClient();
  const bytes = (count: number) => formatBytes(count, i18n.language);
  // Its downloads used up: the transfer is read again, and the page turns into "Downloads used up".
  useEffect(() => {
    if (state.status === 'used-up') void queryClient.invalidateQueries({ queryKey: shareKeys.all });
  }, [state.status, queryClient]);
  if (state.status === 'running') {
    const percent = state.total > 0 ? Math.min(100, (state.bytesRead / state.total) * 100) : 0;
    const label = t('download.transfer.progress', { done: bytes(state.bytesRead), total: bytes(state.total) });
    return (
      <Stack gap="xs">
        <Text size="sm" role="status">
          {label}
        </Text>
        <Progress value={percent} size="lg" aria-label={label} />
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={cancel}>
            {t('download.transfer.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Button
        size="lg"
        fullWidth
        onClick={start}
        disabled={tooLarge}
        leftSection={<IconFileZip size={22} aria-hidden />}
        {...earlyZip(transfer.shareId, zipName(transfer), transfer.encryption)}
      >
        {t('download.transfer.downloadAll')}
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        {t('download.transfer.downloadAllHint')}
      </Text>
      {inMemory && <InMemoryNote what="zip" tooLarge={tooLarge} />}
      {state.status === 'too-large' && !tooLarge && (
        <ErrorAlert>{t('download.inMemory.zipTooLarge', { limit: bytes(IN_MEMORY_SAVE_MAX_BYTES) })}</ErrorAlert>
      )}
      {state.status === 'done' && (
        <Alert color="green" variant="light" role="status">
          {t('download.transfer.saved')}
        </Alert>
      )}
      {state.status === 'cancelled' && (
        <Alert color="gray" variant="light" role="status">
          {t('download.transfer.cancelled')}
        </Alert>
      )}
      {state.status === 'failed' && state.damaged !== null && (
        <ErrorAlert title={t('download.damaged.title')}>
          {t('download.transfer.damaged', { name: state.damaged })}
        </ErrorAlert>
      )}
      {state.status === 'failed' && state.damaged === null && (
        <ErrorAlert>
          {state.missing !== null
            ? t('download.transfer.missing', { name: state.missing })
            : state.unsupported
              ? t('download.transfer.unsupported')
              : t('download.transfer.failed')}
        </ErrorAlert>
      )}
    </Stack>
  );
}
