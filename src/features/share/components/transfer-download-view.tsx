import { Alert, Card, Container, Stack } from '@mantine/core';
import { IconFiles, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TransferDto } from '@domain/api-types';
import { formatBytes } from '@domain/format-bytes';
import { ShareActions } from '@/components/share-actions/share-actions';
import { useShareAccess } from '../hooks/use-share-access';
import { useShareUrl } from '../hooks/use-share-url';
import { DownloadAllPanel } from './download-all-panel';
import { FileDownloadView } from './file-download-view';
import { DownloadHeading, DownloadsLeftNote, ShareFacts, UrgentBanner } from './download-card-parts';
import { NotEncryptedNote } from './file-download-status';
import { SenderNote } from './sender-note';
import { TransferFileList } from './transfer-file-list';

/**
 * A transfer's page: who sent it, Download all, every file by folder, then sharing onward. A
 * transfer of one file is that file's page, its link the transfer's.
 */
export function TransferDownloadView({ transfer }: { transfer: TransferDto }) {
  const { t, i18n } = useTranslation();
  const access = useShareAccess();
  const shareUrl = useShareUrl(transfer.shareId, access.fragment);
  const [only] = transfer.files;
  if (only && transfer.files.length === 1 && transfer.pendingFiles === 0) {
    return (
      <FileDownloadView
        share={only}
        linkShareId={transfer.shareId}
        sender={transfer}
        downloadsLeft={transfer.downloadsLeft}
      />
    );
  }
  const count = transfer.files.length;
  const total = transfer.files.reduce((sum, file) => sum + file.size, 0);
  const title = t('download.transfer.title', { count });
  return (
    <Container size="sm" py="md">
      <Card withBorder shadow="sm" radius="lg" padding="lg">
        <Stack gap="lg">
          <DownloadHeading
            icon={<IconFiles size={28} />}
            caption={t('download.transfer.sharedWithYou')}
            title={title}
          />
          <UrgentBanner expiresAt={transfer.expiresAt} />
          <SenderNote senderName={transfer.senderName} message={transfer.message} />
          <DownloadsLeftNote left={transfer.downloadsLeft} />
          {!access.encrypted && <NotEncryptedNote />}
          {count > 0 && <DownloadAllPanel transfer={transfer} />}
          {transfer.pendingFiles > 0 && (
            <Alert color="blue" variant="light" role="note" icon={<IconUpload size={20} aria-hidden />}>
              {t('download.transfer.pending', { count: transfer.pendingFiles })}
            </Alert>
          )}
          <TransferFileList files={transfer.files} />
          <ShareFacts
            sizeLabel={t('download.transfer.totalSize')}
            size={formatBytes(total, i18n.language)}
            createdAt={transfer.createdAt}
            expiresAt={transfer.expiresAt}
          />
          <ShareActions url={shareUrl} fileName={title} expiresAt={transfer.expiresAt} />
        </Stack>
      </Card>
    </Container>
  );
}
