import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { ErrorAlert } from '@/components/error-alert';
import type { FileDownloadState } from '../hooks/use-file-download';

// What a file's Download says while it runs and when it fails, on the file's page and in a
// transfer's list alike.

/** An encrypted file being decrypted to disk: how much of it is saved. Nothing for the browser's own download. */
export function SavingProgress({ state }: { state: FileDownloadState }) {
  const { t, i18n } = useTranslation();
  if (state.status !== 'running' || state.total === 0) return null;
  const label = t('download.saving', {
    done: formatBytes(state.saved, i18n.language),
    total: formatBytes(state.total, i18n.language),
  });
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {label}
      </Text>
      <Progress value={Math.min(100, (state.saved / state.total) * 100)} aria-label={label} />
    </Stack>
  );
}

/** The download's failure: a damaged file (nothing kept), a browser that cannot save it, or any other. */
export function DownloadProblem({ state, failed }: { state: FileDownloadState; failed: string }) {
  const { t } = useTranslation();
  if (state.status !== 'failed') return null;
  if (state.problem === 'damaged') {
    return <ErrorAlert title={t('download.damaged.title')}>{t('download.damaged.text')}</ErrorAlert>;
  }
  return <ErrorAlert>{state.problem === 'unsupported' ? t('download.unsupported') : failed}</ErrorAlert>;
}

/** A share stored as sent (the README's curl upload): said in one line, as the page's promise does not hold. */
export function NotEncryptedNote() {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" role="note">
      {t('download.notEncrypted')}
    </Text>
  );
}
