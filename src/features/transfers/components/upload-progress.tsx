import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconRefresh, IconWifiOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelUpload, retryUpload } from '@/lib/upload-engine/client';
import type { UploadJobSummary } from '@/lib/upload-engine/protocol';
import { describeError } from '@/lib/api/failure';
import { formatRate } from '@/lib/format-rate';
import type { LiveJob } from '../utils/merge-transfers';

function percentOf(job: UploadJobSummary): number {
  if (job.size === 0) return job.state === 'done' ? 100 : 0;
  return Math.min(100, Math.floor((job.bytesDone / job.size) * 100));
}

/**
 * A row's upload state: queued; uploading with speed and time left; waiting for the network (the
 * engine paused it, or this page knows it is offline); failed with the reason, Retry and Cancel.
 */
export function UploadProgress({ job }: { job: LiveJob }) {
  const { t, i18n } = useTranslation();
  const { online } = useNetwork();
  const [acting, setActing] = useState(false);
  const percent = percentOf(job);
  const waitingForNetwork = job.state === 'paused' || (!online && job.state !== 'failed');
  // No byte counts until each is sent or kept on the device (the engine holds progress back until
  // the device's copy meets the upload): say what happens meanwhile rather than show a still 0 %.
  const preparing = job.state === 'uploading' && !waitingForNetwork && job.bytesDone === 0 && job.size > 0;
  const label = preparing ? t('transfers.preparing') : t('transfers.uploading', { percent });
  const rate =
    job.state === 'uploading' && !waitingForNetwork && !preparing
      ? formatRate(t, i18n.language, job.bytesPerSecond, job.etaSeconds)
      : null;

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
          {t('transfers.failed', {
            error: job.failure === null ? t('transfers.failedUnknown') : describeError(t, job.failure),
          })}
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
      {/* Striped while it moves, but not animated, and each step drawn at once (no width transition):
          moving stripes or a gliding bar lay the page out anew every frame for as long as the upload
          lasts, CPU the upload itself needs on a phone (the direct transfer's bar dropped them for the
          same reason, transfer-progress.tsx). The percentage, speed and time left show it moves. */}
      <Progress
        value={percent}
        aria-label={label}
        striped={job.state === 'uploading' && !waitingForNetwork}
        transitionDuration={0}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        {waitingForNetwork ? (
          <Group gap={4} wrap="nowrap" c="orange">
            <IconWifiOff size={14} aria-hidden />
            <Text size="xs" c="orange" aria-live="polite" data-upload-state="paused">
              {t('transfers.paused')}
            </Text>
          </Group>
        ) : (
          <Text size="xs" c="dimmed" aria-live="polite" data-upload-state={job.state}>
            {job.state === 'queued' ? t('transfers.queued') : label}
            {rate !== null && ` · ${rate}`}
          </Text>
        )}
        <Button size="compact-xs" variant="subtle" color="gray" disabled={acting} onClick={() => act(cancelUpload)}>
          {t('transfers.cancelUpload')}
        </Button>
      </Group>
    </Stack>
  );
}
