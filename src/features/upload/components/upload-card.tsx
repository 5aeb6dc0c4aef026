import { useCallback, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockHour4,
  IconFilePlus,
  IconFolderPlus,
  IconRefresh,
  IconUpload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FileDropOverlay } from '@/components/file-drop/file-drop-overlay';
import { RETENTION_DAYS } from '@domain/constants';
import type { FileDto } from '@domain/api-types';
import { useFileSelection } from '../hooks/use-file-selection';
import { useUploadBatch } from '../hooks/use-upload-batch';
import type { BatchEntry } from '../hooks/use-upload-batch';
import { UploadCardContext } from '../hooks/use-upload-card';
import type { UploadCardApi } from '../hooks/use-upload-card';
import { SelectedFilesList } from './selected-files-list';
import { UploadResults } from './upload-results';

// React passes unknown lower-case attributes through; TypeScript's DOM types do not know this one.
const FOLDER_INPUT_ATTRIBUTES = { webkitdirectory: '', directory: '' } as Record<string, string>;

export interface UploadCardProps {
  /** Extra sections (send by email, ...) placed above the Upload button; they read the card with `useUploadCard`. */
  children?: ReactNode;
  /** Extra buttons next to Upload (e.g. 'Upload and send'). */
  actions?: ReactNode;
}

/** The Home upload card (SPEC §2 Home): pick or drop files and folders, upload, get the links. */
export function UploadCard({ children, actions }: UploadCardProps) {
  const { t } = useTranslation();
  const { selection, add, remove, clear } = useFileSelection();
  const batch = useUploadBatch();
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<FileDto[]>([]);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const busy = batch.phase === 'uploading';

  const progress = useMemo(
    () => new Map<string, BatchEntry>(batch.entries.map((entry) => [entry.selectionId, entry])),
    [batch.entries],
  );

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      setError(null);
      add(files);
    },
    [add],
  );

  // Uploaded: the selection has served; the links replace it.
  const finish = useCallback(
    (files: FileDto[]) => {
      setUploaded(files);
      clear();
      batch.reset();
      return files;
    },
    [batch, clear],
  );

  // The selection stays, so nothing the person picked is lost; its rows say which file failed.
  const fail = useCallback(
    (cause: unknown): never => {
      setError(cause instanceof Error ? cause.message : t('upload.card.failed'));
      throw cause;
    },
    [t],
  );

  const uploadSelection = useCallback(async (): Promise<FileDto[]> => {
    if (selection.length === 0) return fail(new Error(t('upload.card.noFiles')));
    setError(null);
    try {
      return finish(await batch.start(selection.map((entry) => ({ selectionId: entry.id, file: entry.file }))));
    } catch (cause) {
      return fail(cause);
    }
  }, [batch, fail, finish, selection, t]);

  const retry = useCallback(async (): Promise<FileDto[]> => {
    setError(null);
    try {
      return finish(await batch.retryFailed());
    } catch (cause) {
      return fail(cause);
    }
  }, [batch, fail, finish]);

  const onRemove = (id: string) => {
    remove(id);
    if (progress.has(id)) void batch.drop(id).catch((cause: unknown) => console.error('Could not cancel', cause));
  };

  const onUpload = () => {
    (batch.phase === 'failed' ? retry() : uploadSelection()).catch(() => undefined);
  };

  const api: UploadCardApi = { selection, busy, uploadSelection, uploaded };

  return (
    <UploadCardContext.Provider value={api}>
      <FileDropOverlay onFiles={addFiles} label={t('upload.card.dropHere')} disabled={busy} />
      <Card withBorder shadow="sm" padding="lg" radius="lg" component="section" aria-labelledby="upload-card-title">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} id="upload-card-title" fz="h3">
              {t('upload.card.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('upload.card.hint')}
            </Text>
          </Stack>

          <Group grow gap="sm">
            <Button
              variant="light"
              px="xs"
              leftSection={<IconFilePlus size={18} aria-hidden />}
              onClick={() => filesInput.current?.click()}
              disabled={busy}
            >
              {t('upload.card.addFiles')}
            </Button>
            <Button
              variant="light"
              px="xs"
              leftSection={<IconFolderPlus size={18} aria-hidden />}
              onClick={() => folderInput.current?.click()}
              disabled={busy}
            >
              {t('upload.card.addFolder')}
            </Button>
          </Group>
          <input
            ref={filesInput}
            type="file"
            multiple
            hidden
            tabIndex={-1}
            aria-hidden
            data-testid="upload-files-input"
            onChange={(event) => {
              addFiles(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
            }}
          />
          <input
            ref={folderInput}
            type="file"
            multiple
            hidden
            tabIndex={-1}
            aria-hidden
            data-testid="upload-folder-input"
            {...FOLDER_INPUT_ATTRIBUTES}
            onChange={(event) => {
              addFiles(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
            }}
          />

          {selection.length > 0 && (
            <SelectedFilesList selection={selection} progress={progress} onRemove={onRemove} locked={busy} />
          )}

          {children}

          {error !== null && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={20} aria-hidden />}
              title={t('upload.card.failed')}
            >
              {error}
            </Alert>
          )}

          <Group gap="sm" grow preventGrowOverflow={false}>
            <Button
              size="md"
              onClick={onUpload}
              loading={busy}
              loaderProps={{ 'aria-hidden': true }}
              leftSection={
                batch.phase === 'failed' ? <IconRefresh size={18} aria-hidden /> : <IconUpload size={18} aria-hidden />
              }
            >
              {batch.phase === 'failed' ? t('upload.card.retry') : t('upload.card.upload')}
            </Button>
            {actions}
          </Group>
          {busy && (
            <Text size="sm" c="dimmed" ta="center" role="status">
              {t('upload.card.uploading')}
            </Text>
          )}

          {uploaded.length > 0 && <UploadResults files={uploaded} />}

          <Alert color="yellow" variant="light" role="note" icon={<IconClockHour4 size={18} aria-hidden />}>
            {t('upload.card.autoDeleteNote', { count: RETENTION_DAYS })}
          </Alert>
        </Stack>
      </Card>
    </UploadCardContext.Provider>
  );
}
