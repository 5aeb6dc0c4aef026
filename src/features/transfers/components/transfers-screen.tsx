import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageSection } from '@/components/page-section';
import { describeError } from '@/lib/api/failure';
import type { FileDto } from '@domain/api-types';
import { useMyFiles } from '../api/get-my-files';
import { useUploadJobs } from '../hooks/use-upload-jobs';
import { mergeTransfers } from '../utils/merge-transfers';
import { FilePreviewDialog } from './file-preview-dialog';
import { TransferRow } from './transfer-row';

export interface TransfersScreenProps {
  /**
   * More actions for each finished file (the route adds the file-processing modal of the upload
   * feature: features do not import each other, routes put them together).
   */
  fileActions?: (file: FileDto) => ReactNode;
}

/** Transfers (/upload): this device's uploads, finished and under way, newest first. */
export function TransfersScreen({ fileActions }: TransfersScreenProps = {}) {
  const { t } = useTranslation();
  const files = useMyFiles();
  const jobs = useUploadJobs();
  const [preview, setPreview] = useState<FileDto | null>(null);
  const items = mergeTransfers(files.data ?? [], jobs);

  let content;
  if (files.isPending && items.length === 0) {
    content = (
      <Center py="xl" role="status" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>{t('transfers.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (files.isError && items.length === 0) {
    content = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title={t('transfers.loadFailed')}
      >
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
      </Alert>
    );
  } else if (items.length === 0) {
    content = (
      <Stack align="center" gap="md" py="xl">
        <IconCloudUpload size={48} stroke={1.4} aria-hidden />
        <Text fw={600}>{t('transfers.empty')}</Text>
        <Button component={Link} to="/">
          {t('transfers.uploadFromHome')}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('transfers.listLabel')}>
        {items.map((item) => (
          <TransferRow key={item.key} item={item} onOpen={setPreview} fileActions={fileActions} />
        ))}
      </Stack>
    );
  }

  return (
    <PageSection title={t('transfers.title')} intro={t('transfers.intro')}>
      {content}
      <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />
    </PageSection>
  );
}
