import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelUpload, retryUpload } from '@/lib/upload-engine/client';
import type { UploadJobSummary } from '@/lib/upload-engine/protocol';

function percentOf(job: UploadJobSummary): number {
  if (job.size === 0) return job.state === 'done' ? 100 : 0;
  return Math.min(100, Math.floor((job.bytesDone / job.size) * 100));
}

/** A row's upload state: progress while it runs, the reason and what to do when it failed. */
export function UploadProgress({ job }: { job: UploadJobSummary }) {
  const { t } = useTranslation();
  const [acting, setActing] = useState(false);
  const percent = percentOf(job);
  const label = t('transfers.uploading', { percent });

  const act = (action: (jobId: string) => Promise<void>) => {
    setActing(true);
    action(job.jobId)
      .catch((error: unknown) => console.error('Upload action failed', error))
      .finally(() => setActing(false));
  };

  if (job.state === 'failed') {
    return (
      <Stack gap={6}>
        <Text size="sm" c="red" role="alert">
          {t('transfers.failed', { error: job.error ?? t('transfers.failedUnknown') })}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            loading={acting}
            onClick={() => act(retryUpload)}
            leftSection={<IconRefresh size={14} aria-hidden />}
          >
            {t('transfers.retry')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            disabled={acting}
            onClick={() => act(cancelUpload)}
            leftSection={<IconX size={14} aria-hidden />}
          >
            {t('transfers.cancelUpload')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        aria-label={label}
        striped={job.state === 'uploading'}
        animated={job.state === 'uploading'}
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" aria-live="polite">
          {job.state === 'paused' ? t('transfers.paused') : job.state === 'queued' ? t('transfers.queued') : label}
        </Text>
        <Button size="compact-xs" variant="subtle" color="gray" disabled={acting} onClick={() => act(cancelUpload)}>
          {t('transfers.cancelUpload')}
        </Button>
      </Group>
    </Stack>
  );
}
