import { ActionIcon, Progress, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { FileRow } from '@/components/file-row';
import { describeError } from '@/lib/api/failure';
import { formatRate } from '@/lib/format-rate';
import type { BatchEntry } from '../hooks/use-upload-batch';
import type { SelectedFile } from '../hooks/use-file-selection';

function percentOf(entry: BatchEntry): number {
  if (entry.state === 'done') return 100;
  return entry.size === 0 ? 0 : Math.min(100, Math.floor((entry.bytesDone / entry.size) * 100));
}

export interface SelectedFilesListProps {
  selection: readonly SelectedFile[];
  /** The upload's state per selection entry, once it started. */
  progress: ReadonlyMap<string, BatchEntry>;
  /** Removes a picked file; one under way is cancelled, and the server drops what it had. */
  onRemove: (id: string) => void;
}

/** The picked files with their size and, during the upload, each one's progress. */
export function SelectedFilesList({ selection, progress, onRemove }: SelectedFilesListProps) {
  const { t, i18n } = useTranslation();
  const { online } = useNetwork();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} aria-live="polite">
        {t('upload.card.selected', { count: selection.length })}
      </Text>
      <Stack component="ul" gap={6} p={0} m={0} mah={260} style={{ listStyle: 'none', overflowY: 'auto' }}>
        {selection.map((entry) => {
          const state = progress.get(entry.id);
          const percent = state === undefined ? null : percentOf(state);
          const waitingForNetwork = state?.state === 'paused' || (!online && state !== undefined);
          // As on Transfers: before the first byte is sent or kept on the device, say so.
          const preparing =
            state?.state === 'uploading' && !waitingForNetwork && state.bytesDone === 0 && state.size > 0;
          const label = preparing ? t('transfers.preparing') : t('transfers.uploading', { percent: percent ?? 0 });
          const rate =
            state?.state === 'uploading' && !waitingForNetwork && !preparing
              ? formatRate(t, i18n.language, state.bytesPerSecond, state.etaSeconds)
              : null;
          return (
            <li key={entry.id}>
              <FileRow
                name={entry.label}
                detail={[
                  formatBytes(entry.file.size, i18n.language),
                  ...(state?.state === 'failed' && state.failure ? [describeError(t, state.failure)] : []),
                ].join(' · ')}
                action={
                  state?.state === 'done' ? (
                    <IconCheck size={18} color="var(--mantine-color-teal-6)" aria-label={t('upload.card.fileDone')} />
                  ) : (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => onRemove(entry.id)}
                      aria-label={
                        state === undefined || state.state === 'failed'
                          ? t('upload.card.remove', { name: entry.label })
                          : t('upload.card.cancelUpload', { name: entry.label })
                      }
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  )
                }
              />
              {percent !== null && state?.state !== 'done' && state?.state !== 'failed' && (
                <>
                  {/* Each step drawn at once: a bar gliding to it lays the page out every frame, 6 times a
                      step; 1.1 s of the page's main thread during a 512 MiB upload on the bench machine. */}
                  <Progress value={percent} size="sm" mt={4} aria-label={label} transitionDuration={0} />
                  <Text size="xs" c={waitingForNetwork ? 'orange' : 'dimmed'} aria-live="polite">
                    {waitingForNetwork
                      ? t('transfers.paused')
                      : state?.state === 'queued'
                        ? t('transfers.queued')
                        : rate === null
                          ? label
                          : `${label} · ${rate}`}
                  </Text>
                </>
              )}
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
