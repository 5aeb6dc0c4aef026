import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageSection } from '@/components/page-section';
import { EmptyState, LoadingState } from '@/components/screen-states';
import { describeError } from '@/lib/api/failure';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { FileDto } from '@domain/api-types';
import { UNFINISHED_STATES } from '@/lib/upload-engine/protocol';
import { NO_TRANSFERS, useMyFiles } from '../api/get-my-files';
import { useLinkKeys } from '../hooks/use-link-keys';
import { useUploadJobs } from '../hooks/use-upload-jobs';
import { groupTransfers } from '../utils/merge-transfers';
import { KeepPageOpenNote } from './keep-page-open-note';
import { TransferGroup } from './transfer-group';
import { TransferRow } from './transfer-row';

// The preview dialog (Mantine's modal stack) loads with the first preview, not with the list.
const FilePreviewDialog = lazy(() => import('./file-preview-dialog').then((m) => ({ default: m.FilePreviewDialog })));

export interface TransfersScreenProps {
  /**
   * More actions for each finished file (the route adds the file-processing modal of the upload
   * feature: features do not import each other, routes put them together).
   */
  fileActions?: (file: FileDto) => ReactNode;
}

/** Transfers (/upload): this device's transfers and uploads, finished and under way, newest first. */
export function TransfersScreen({ fileActions }: TransfersScreenProps = {}) {
  const { t } = useTranslation();
  const files = useMyFiles();
  const jobs = useUploadJobs();
  const [preview, setPreview] = useState<FileDto | null>(null);
  const previewed = useOpenedOnce(preview !== null);
  // A list saved by an earlier version (an array of files) is not this shape: shown as empty until fetched.
  const data = files.data !== undefined && 'transfers' in files.data ? files.data : NO_TRANSFERS;
  const keyed = useLinkKeys(data);
  const items = groupTransfers(keyed, jobs);
  const uploading = jobs.some((job) => UNFINISHED_STATES.has(job.state));

  let content;
  if (files.isPending && items.length === 0) {
    content = <LoadingState label={t('transfers.loading')} />;
  } else if (files.isError && items.length === 0) {
    content = (
      <ErrorAlert title={t('transfers.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{describeError(t, files.error)}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={files.isFetching}
            onClick={() => void files.refetch()}
            leftSection={<IconRefresh size={14} aria-hidden />}
          >
            {t('transfers.retryLoad')}
          </Button>
        </Stack>
      </ErrorAlert>
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        icon={<IconCloudUpload size={48} stroke={1.4} aria-hidden />}
        text={t('transfers.empty')}
        action={t('transfers.uploadFromHome')}
      />
    );
  } else {
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('transfers.listLabel')}>
        {items.map((item) =>
          item.kind === 'transfer' ? (
            <TransferGroup
              key={item.key}
              group={item}
              keyless={item.transfer !== null && keyed.keyless.has(item.transfer.shareId)}
              onOpen={setPreview}
              fileActions={fileActions}
            />
          ) : (
            <TransferRow key={item.key} item={item} onOpen={setPreview} fileActions={fileActions} />
          ),
        )}
      </Stack>
    );
  }

  return (
    <PageSection title={t('transfers.title')} intro={t('transfers.intro')}>
      {uploading && <KeepPageOpenNote />}
      {content}
      {previewed && (
        <Suspense fallback={null}>
          <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </PageSection>
  );
}
