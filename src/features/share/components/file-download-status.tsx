import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { ErrorAlert } from '@/components/error-alert';
import { IN_MEMORY_SAVE_MAX_BYTES } from '@/lib/download-pipeline/memory-save-target';
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

/** The in-memory limit, as the page writes sizes. */
function useLimitLabel(): string {
  const { i18n } = useTranslation();
  return formatBytes(IN_MEMORY_SAVE_MAX_BYTES, i18n.language);
}

/** The download's failure: a damaged file (nothing kept), a browser that cannot save it, or any other. */
export function DownloadProblem({ state, failed }: { state: FileDownloadState; failed: string }) {
  const { t } = useTranslation();
  const limit = useLimitLabel();
  if (state.status !== 'failed') return null;
  if (state.problem === 'damaged') {
    return <ErrorAlert title={t('download.damaged.title')}>{t('download.damaged.text')}</ErrorAlert>;
  }
  if (state.problem === 'too-large') return <ErrorAlert>{t('download.inMemory.fileTooLarge', { limit })}</ErrorAlert>;
  return <ErrorAlert>{state.problem === 'unsupported' ? t('download.unsupported') : failed}</ErrorAlert>;
}

/**
 * Next to Download, in a browser that saves only from memory (useSavesInMemory), before any tap:
 * that it does, up to which size; or, for a file (or Download all's zip) over it, that it cannot
 * be saved here and to use another browser.
 */
export function InMemoryNote({ what, tooLarge }: { what: 'file' | 'zip'; tooLarge: boolean }) {
  const { t } = useTranslation();
  const limit = useLimitLabel();
  if (!tooLarge) {
    return (
      <Text size="xs" c="dimmed" ta="center" role="note">
        {t('download.inMemory.note', { limit })}
      </Text>
    );
  }
  return (
    <Text size="sm" fw={500} c="orange" role="note">
      {t(what === 'zip' ? 'download.inMemory.zipTooLarge' : 'download.inMemory.fileTooLarge', { limit })}
    </Text>
  );
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
