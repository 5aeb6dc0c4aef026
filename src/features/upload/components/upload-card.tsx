import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconClockHour4, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { FileDropOverlay } from '@/components/file-drop/file-drop-overlay';
import { takeHeldFiles } from '@/components/file-drop/held-files';
import { MAX_FILE_SIZE, RETENTION_DAYS } from '@domain/constants';
import type { MaxDownloads } from '@domain/share-access-types';
import { describeError, failureOf, localFailure } from '@/lib/api/failure';
import { newTransferSecrets } from '@/lib/crypto/transfer-secrets';
import type { TransferDraft } from '@/lib/upload-engine/client';
import { useSettings } from '@/lib/api/settings';
import { useUploadsNeedAnOpenPage } from '@/lib/background-sync';
import { useFileSelection } from '../hooks/use-file-selection';
import { useUploadBatch } from '../hooks/use-upload-batch';
import type { BatchEntry, UploadedBatch } from '../hooks/use-upload-batch';
import { UploadCardContext } from '../hooks/use-upload-card';
import type { UploadCardApi } from '../hooks/use-upload-card';
import { PickFilesOrFolder } from '@/components/pick-button';
import { DownloadLimitSelect } from './download-limit-select';
import { SelectedFilesList } from './selected-files-list';
import { passwordTooLong, TransferPasswordInput } from './transfer-password-input';
import { UploadResults } from './upload-results';

export interface UploadCardProps {
  /** Extra sections (send by email, ...) placed above the Upload button; they read the card with `useUploadCard`. */
  children?: ReactNode;
  /** Extra buttons next to Upload (e.g. 'Upload and send'). */
  actions?: ReactNode;
}

/** The Home upload card (docs/product.md §2 Home): pick or drop files and folders, upload, get the links. */
export function UploadCard({ children, actions }: UploadCardProps) {
  const { t } = useTranslation();
  const { selection, add, remove, clear } = useFileSelection();
  const batch = useUploadBatch();
  const settings = useSettings();
  // The server's limit; the constant until it has answered (or offline), the server checks anyway.
  const maxFileSize = settings?.maxFileSize ?? MAX_FILE_SIZE;
  // While the admin has the service in maintenance, the server refuses new uploads (503).
  const maintenance = settings?.maintenanceMode === true;
  const [error, setError] = useState<unknown>(null);
  const [tooLarge, setTooLarge] = useState<readonly File[]>([]);
  const [uploaded, setUploaded] = useState<UploadedBatch | null>(null);
  const [maxDownloads, setMaxDownloads] = useState<MaxDownloads | null>(null);
  // Held here until Send only; the upload keeps the slow key derived from it, never the password.
  const [password, setPassword] = useState('');
  // The password's slow key is being derived (about a second on a phone) before the files are queued.
  const [sealing, setSealing] = useState(false);
  const busy = batch.phase === 'uploading' || sealing;
  const { online } = useNetwork();
  // One account of a paused upload: the line under Upload says what each file's row says.
  const waitingForNetwork = busy && (!online || batch.entries.some((entry) => entry.state === 'paused'));
  // Nothing to send yet: Upload waits, and the hint beneath it says what it needs.
  const nothingPicked = selection.length === 0 && batch.phase !== 'failed';
  // Without Background Sync the upload stops with the last page of the app: the line says so.
  const uploadingLine = useUploadsNeedAnOpenPage() ? 'upload.card.uploadingKeepOpen' : 'upload.card.uploading';

  const progress = useMemo(
    () => new Map<string, BatchEntry>(batch.entries.map((entry) => [entry.selectionId, entry])),
    [batch.entries],
  );

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      // Copied now: an input's FileList is emptied when the input is reset right after, and React
      // may read the files later (after an earlier state change of this render, it does).
      const picked = Array.from(files);
      setError(null);
      // Refused at once, with their real size: uploading them would only fail at the end.
      setTooLarge(picked.filter((file) => file.size > maxFileSize));
      add(picked.filter((file) => file.size <= maxFileSize));
    },
    [add, maxFileSize],
  );

  // What was picked or dropped before the app was live (public/boot.js kept it) is listed as picked.
  useEffect(() => takeHeldFiles(addFiles), [addFiles]);

  // Uploaded: the selection has served; the link replaces it.
  const finish = useCallback(
    (sent: UploadedBatch) => {
      setUploaded(sent);
      setPassword('');
      clear();
      batch.reset();
      return sent;
    },
    [batch, clear],
  );

  // The selection stays, so nothing the person picked is lost; its rows say which file failed.
  // Files the visitor cancelled themselves are no failure to report.
  const fail = useCallback((cause: unknown): never => {
    if (failureOf(cause).code !== 'upload_cancelled') setError(cause);
    throw cause;
  }, []);

  const uploadSelection = useCallback(
    async (draft?: TransferDraft): Promise<UploadedBatch> => {
      if (selection.length === 0) return fail(localFailure('no_files_selected', 'No files selected.'));
      // Taken as a cancel: the password field already says why nothing is sent.
      if (passwordTooLong(password)) throw localFailure('upload_cancelled', 'The password is too long.');
      setError(null);
      setUploaded(null);
      try {
        const files = selection.map((entry) => ({ selectionId: entry.id, file: entry.file, path: entry.path }));
        // Every upload from here is encrypted: the key is made on this device and leaves it only
        // in the link's fragment.
        setSealing(password !== '');
        const encryption = await newTransferSecrets(password === '' ? undefined : password).finally(() =>
          setSealing(false),
        );
        return finish(
          await batch.start(files, { ...draft, encryption, ...(maxDownloads === null ? {} : { maxDownloads }) }),
        );
      } catch (cause) {
        return fail(cause);
      }
    },
    [batch, fail, finish, maxDownloads, password, selection],
  );

  const retry = useCallback(async (): Promise<UploadedBatch> => {
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

  // The button shows busy only once the files are stored; a second press before that (a
  // double tap) would queue them twice.
  const pressed = useRef(false);
  const onUpload = () => {
    if (pressed.current) return;
    pressed.current = true;
    (batch.phase === 'failed' ? retry() : uploadSelection())
      .catch(() => undefined)
      .finally(() => {
        pressed.current = false;
      });
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
            {settings && settings.allowedFileTypes !== 'all' && (
              <Text size="sm" c="dimmed" data-testid="allowed-types-hint">
                {t(`upload.card.allowedTypes.${settings.allowedFileTypes}`, {
                  list: settings.customFileTypes.join(', '),
                })}
              </Text>
            )}
          </Stack>

          {maintenance && (
            <Alert
              color="yellow"
              variant="light"
              role="status"
              icon={<IconAlertTriangle size={20} aria-hidden />}
              title={t('upload.card.maintenanceTitle')}
            >
              {t('errors.api.maintenance')}
            </Alert>
          )}

          <PickFilesOrFolder
            labels={{ files: t('upload.card.addFiles'), folder: t('upload.card.addFolder') }}
            testIds={{ files: 'upload-files-input', folder: 'upload-folder-input' }}
            onFiles={addFiles}
            disabled={busy || maintenance}
            accept={settings?.accept}
          />

          {tooLarge.length > 0 && (
            <ErrorAlert>
              <Stack gap={4}>
                {tooLarge.map((file) => (
                  <Text key={`${file.name}:${file.size}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('upload.card.tooLarge', { name: file.name, sizeBytes: file.size, maxBytes: maxFileSize })}
                  </Text>
                ))}
              </Stack>
            </ErrorAlert>
          )}

          {selection.length > 0 && <SelectedFilesList selection={selection} progress={progress} onRemove={onRemove} />}

          <DownloadLimitSelect value={maxDownloads} onChange={setMaxDownloads} disabled={busy} />
          <TransferPasswordInput value={password} onChange={setPassword} disabled={busy} />

          {children}

          {error !== null && <ErrorAlert title={t('upload.card.failed')}>{describeError(t, error)}</ErrorAlert>}

          <Group gap="sm" grow preventGrowOverflow={false}>
            {/* Disabled, not `loading`, while the batch uploads: the spinner's animation repainted the
                page all through the upload (bench/upload.ts, 512 MiB: 0.4 s of CPU in the browser's GPU
                process, of about 7 s). The status line below and each file's bar say what is going on. */}
            <Button
              size="md"
              onClick={onUpload}
              disabled={(busy && !sealing) || nothingPicked || passwordTooLong(password)}
              loading={sealing}
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
            <Text size="sm" c={waitingForNetwork ? 'orange' : 'dimmed'} ta="center" role="status">
              {sealing
                ? t('upload.card.password.sealing')
                : waitingForNetwork
                  ? t('transfers.paused')
                  : t(uploadingLine)}
            </Text>
          )}
          {nothingPicked && (
            <Text size="sm" c="dimmed" ta="center" data-testid="upload-pick-first">
              {t('upload.card.pickFirst')}
            </Text>
          )}

          {uploaded !== null && <UploadResults batch={uploaded} />}

          <Alert color="yellow" variant="light" role="note" icon={<IconClockHour4 size={18} aria-hidden />}>
            {t('upload.card.autoDeleteNote', { count: settings?.retentionDays ?? RETENTION_DAYS })}
          </Alert>
        </Stack>
      </Card>
    </UploadCardContext.Provider>
  );
}
