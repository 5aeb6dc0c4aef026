import { Button, Card, Container, Group, Loader, Stack } from '@mantine/core';
import { IconDownload, IconEye, IconFile, IconFlag } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { ShareActions } from '@/components/share-actions/share-actions';
import type { DirectDownload, ShareDto } from '@domain/api-types';
import { previewKind } from '@/lib/download-pipeline/preview';
import { useFileDownload } from '../hooks/use-file-download';
import { useShareAccess } from '../hooks/use-share-access';
import { useShareUrl } from '../hooks/use-share-url';
import { earlyDownload } from '../utils/early-download';
import { FilePreview } from './file-preview';
import { DownloadHeading, DownloadsLeftNote, ShareFacts, UrgentBanner } from './download-card-parts';
import { DownloadProblem, InMemoryNote, NotEncryptedNote, SavingProgress } from './file-download-status';
import { SenderNote } from './sender-note';

// Loaded when someone opens it: the download page stays small for everyone else.
const ReportFileDialog = lazy(() => import('./report-file-dialog').then((m) => ({ default: m.ReportFileDialog })));

export interface FileDownloadViewProps {
  share: ShareDto;
  /** The link shared onward: the file's own, or its transfer's when the transfer holds only it. */
  linkShareId?: string;
  sender?: { senderName: string | null; message: string | null };
  /** Downloads left of the link's limit; null or absent: no limit. */
  downloadsLeft?: number | null;
  /** The file's own URL, for a tap before the app is live (GET /shares/{id}'s, without a password or limit). */
  directDownload?: DirectDownload | null;
}

/** The download page's normal view: what the file is, how long it stays, download it, share it. */
export function FileDownloadView({
  share,
  linkShareId = share.shareId,
  sender,
  downloadsLeft,
  directDownload = null,
}: FileDownloadViewProps) {
  const { t, i18n } = useTranslation();
  const access = useShareAccess();
  const download = useFileDownload(share);
  const busy = download.state.status === 'running';
  const shareUrl = useShareUrl(linkShareId, access.fragment);
  const [previewing, setPreviewing] = useState(false);
  const canPreview = previewKind(share) !== null;

  return (
    <Container size="sm" py="md">
      <Card withBorder shadow="sm" radius="lg" padding="lg">
        <Stack gap="lg">
          <DownloadHeading icon={<IconFile size={28} />} caption={t('download.sharedWithYou')} title={share.name} />
          <UrgentBanner expiresAt={share.expiresAt} />

          {sender && <SenderNote {...sender} />}
          <DownloadsLeftNote left={downloadsLeft} />
          {!access.encrypted && <NotEncryptedNote />}

          <Stack gap="xs">
            <Button
              size="lg"
              fullWidth
              onClick={download.start}
              {...earlyDownload(share.shareId, access.encryption, directDownload)}
              data-disabled={busy || undefined}
              disabled={download.tooLarge}
              aria-busy={busy}
              leftSection={
                busy ? <Loader size="sm" color="white" aria-hidden /> : <IconDownload size={22} aria-hidden />
              }
            >
              {busy ? t('download.downloading') : t('download.download')}
            </Button>
            {download.inMemory && <InMemoryNote what="file" tooLarge={download.tooLarge} />}
            {canPreview && !previewing && (
              <Button
                variant="light"
                fullWidth
                leftSection={<IconEye size={20} aria-hidden />}
                onClick={() => setPreviewing(true)}
              >
                {t('download.preview.open')}
              </Button>
            )}
            <SavingProgress state={download.state} />
            <DownloadProblem state={download.state} failed={t('download.downloadFailed')} />
          </Stack>
          {previewing && <FilePreview file={share} onClose={() => setPreviewing(false)} />}

          <ShareFacts
            sizeLabel={t('download.details.size')}
            size={formatBytes(share.size, i18n.language)}
            createdAt={share.createdAt}
            expiresAt={share.expiresAt}
          />

          <ShareActions url={shareUrl} fileName={share.name} expiresAt={share.expiresAt} />

          <ReportButton shareId={share.shareId} />
        </Stack>
      </Card>
    </Container>
  );
}

function ReportButton({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Group justify="center">
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          leftSection={<IconFlag size={14} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t('download.report.open')}
        </Button>
      </Group>
      {open && (
        <Suspense fallback={null}>
          <ReportFileDialog shareId={shareId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
