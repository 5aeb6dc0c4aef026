import { Alert, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarX, IconFiles, IconShieldLock, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TransferDto } from '@domain/api-types';
import { RETENTION_DAYS } from '@domain/constants';
import { formatBytes } from '@domain/format-bytes';
import { ShareActions } from '@/components/share-actions/share-actions';
import { useExpiry } from '@/components/share-actions/use-expiry';
import { useFormatDate } from '@/lib/format-date';
import { useShareUrl } from '../hooks/use-share-url';
import { DownloadAllPanel } from './download-all-panel';
import { FileDownloadView } from './file-download-view';
import { Detail } from './detail';
import { SenderNote } from './sender-note';
import { TransferFileList } from './transfer-file-list';

/**
 * A transfer's page: who sent it, Download all, every file by folder, then sharing onward. A
 * transfer of one file is that file's page, its link the transfer's.
 */
export function TransferDownloadView({ transfer }: { transfer: TransferDto }) {
  const { t, i18n } = useTranslation();
  const expiry = useExpiry(transfer.expiresAt);
  const formatDate = useFormatDate();
  const shareUrl = useShareUrl(transfer.shareId);
  const [only] = transfer.files;
  if (only && transfer.files.length === 1 && transfer.pendingFiles === 0) {
    return <FileDownloadView share={only} linkShareId={transfer.shareId} sender={transfer} />;
  }
  const count = transfer.files.length;
  const total = transfer.files.reduce((sum, file) => sum + file.size, 0);
  const title = t('download.transfer.title', { count });
  return (
    <Container size="sm" py="md">
      <Card withBorder shadow="sm" radius="lg" padding="lg">
        <Stack gap="lg">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
              <IconFiles size={28} />
            </ThemeIcon>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed">
                {t('download.transfer.sharedWithYou')}
              </Text>
              <Title order={1} fz="h3">
                {title}
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
          <SenderNote senderName={transfer.senderName} message={transfer.message} />
          {count > 0 && <DownloadAllPanel transfer={transfer} />}
          {transfer.pendingFiles > 0 && (
            <Alert color="blue" variant="light" role="note" icon={<IconUpload size={20} aria-hidden />}>
              {t('download.transfer.pending', { count: transfer.pendingFiles })}
            </Alert>
          )}
          <TransferFileList files={transfer.files} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Detail label={t('download.transfer.totalSize')} value={formatBytes(total, i18n.language)} />
            <Detail label={t('download.details.uploaded')} value={formatDate(transfer.createdAt)} />
            <Detail
              label={t('download.details.timeLeft')}
              value={expiry.label}
              color={expiry.urgent ? 'red' : undefined}
            />
          </SimpleGrid>
          {transfer.expiresAt !== null && (
            <Alert color="yellow" variant="light" role="note" icon={<IconCalendarX size={20} aria-hidden />}>
              {t('download.expiryNotice', { date: formatDate(transfer.expiresAt, 'long') })}
            </Alert>
          )}
          <ShareActions url={shareUrl} fileName={title} expiresAt={transfer.expiresAt} />
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconShieldLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="dimmed">
              {t('download.footerNote', { count: RETENTION_DAYS })}
            </Text>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
