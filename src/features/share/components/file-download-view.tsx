import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarX,
  IconDownload,
  IconEye,
  IconFile,
  IconFlag,
  IconShieldLock,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { RETENTION_DAYS } from '@domain/constants';
import { formatBytes } from '@domain/format-bytes';
import { ShareActions } from '@/components/share-actions/share-actions';
import { useExpiry } from '@/components/share-actions/use-expiry';
import type { ShareDto } from '@domain/api-types';
import { useFormatDate } from '@/lib/format-date';
import { previewKind } from '@/lib/download-pipeline/preview';
import { isGone, useRequestDownload } from '../api/request-download';
import { useShareUrl } from '../hooks/use-share-url';
import { earlyDownload } from '../utils/early-download';
import { FilePreview } from './file-preview';
import { Detail } from './detail';
import { SenderNote } from './sender-note';

// Loaded when someone opens it: the download page stays small for everyone else.
const ReportFileDialog = lazy(() => import('./report-file-dialog').then((m) => ({ default: m.ReportFileDialog })));

export interface FileDownloadViewProps {
  share: ShareDto;
  /** The link shared onward: the file's own, or its transfer's when the transfer holds only it. */
  linkShareId?: string;
  sender?: { senderName: string | null; message: string | null };
}

/** The download page's normal view: what the file is, how long it stays, download it, share it. */
export function FileDownloadView({ share, linkShareId = share.shareId, sender }: FileDownloadViewProps) {
  const { t, i18n } = useTranslation();
  const expiry = useExpiry(share.expiresAt);
  const download = useRequestDownload(share.shareId);
  const formatDate = useFormatDate();
  const busy = download.isPending;
  const shareUrl = useShareUrl(linkShareId);
  const [previewing, setPreviewing] = useState(false);
  const canPreview = previewKind(share) !== null;

  const onDownload = () => {
    if (busy) return;
    // A file gone meanwhile turns the whole page into 'File Not Found' (no banner).
    download.mutate();
  };

  return (
    <Container size="sm" py="md">
      <Card withBorder shadow="sm" radius="lg" padding="lg">
        <Stack gap="lg">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
              <IconFile size={28} />
            </ThemeIcon>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed">
                {t('download.sharedWithYou')}
              </Text>
              <Title order={1} fz="h3" style={{ overflowWrap: 'anywhere' }}>
                {share.name}
              </Title>
            </Stack>
          </Group>

          {expiry.urgent && (
            <Alert
              color="red"
              variant="filled"
              icon={<IconAlertTriangle size={20} aria-hidden />}
              title={t('download.urgent.title')}
            >
              {t('download.urgent.text', { timeLeft: expiry.label })}
            </Alert>
          )}

          {sender && <SenderNote {...sender} />}

          <Stack gap="xs">
            <Button
              size="lg"
              fullWidth
              onClick={onDownload}
              {...earlyDownload(share.shareId)}
              data-disabled={busy || undefined}
              aria-busy={busy}
              leftSection={
                busy ? <Loader size="sm" color="white" aria-hidden /> : <IconDownload size={22} aria-hidden />
              }
            >
              {busy ? t('download.downloading') : t('download.download')}
            </Button>
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
            {download.isError && !isGone(download.error) && <ErrorAlert>{t('download.downloadFailed')}</ErrorAlert>}
          </Stack>
          {previewing && <FilePreview file={share} onClose={() => setPreviewing(false)} />}

          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Detail label={t('download.details.size')} value={formatBytes(share.size, i18n.language)} />
            <Detail label={t('download.details.uploaded')} value={formatDate(share.createdAt)} />
            <Detail
              label={t('download.details.timeLeft')}
              value={expiry.label}
              color={expiry.urgent ? 'red' : undefined}
            />
          </SimpleGrid>

          {share.expiresAt !== null && (
            <Alert color="yellow" variant="light" role="note" icon={<IconCalendarX size={20} aria-hidden />}>
              {t('download.expiryNotice', { date: formatDate(share.expiresAt, 'long') })}
            </Alert>
          )}

          <ShareActions url={shareUrl} fileName={share.name} expiresAt={share.expiresAt} />

          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconShieldLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="dimmed">
              {t('download.footerNote', { count: RETENTION_DAYS })}
            </Text>
          </Group>
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
