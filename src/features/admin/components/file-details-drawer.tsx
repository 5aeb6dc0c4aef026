import { Drawer, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { useFileDetails } from '../api/get-file-details';
import { formatCount, formatDateTime } from '../utils/format';
import { QueryState } from './admin-page';
import { ShareReports } from './share-reports';
import { ShareSummary } from './share-summary';
import { TransferDetails } from './transfer-details';

/**
 * One share: a file with its record, latest downloads and reports, or a transfer with its files
 * (each opens its own details) and reports; and the way to take it down.
 */
export function FileDetailsDrawer({
  shareId,
  onClose,
  onTakeDown,
  onOpenShare,
}: {
  shareId: string | null;
  onClose: () => void;
  onTakeDown: (file: { shareId: string; name: string }) => void;
  onOpenShare: (shareId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const details = useFileDetails(shareId);
  const f = details.data?.kind === 'file' ? details.data : undefined;
  const transfer = details.data?.kind === 'transfer' ? details.data : undefined;
  const lang = i18n.language;
  const rows: [string, string][] = f
    ? [
        [t('admin.columns.type'), f.type],
        [t('admin.columns.size'), formatBytes(f.size, lang)],
        [t('admin.columns.uploaded'), formatDateTime(f.createdAt, lang)],
        [t('admin.columns.expires'), formatDateTime(f.expiresAt, lang)],
        [t('admin.columns.downloads'), formatCount(f.downloadCount, lang)],
        [t('admin.columns.views'), formatCount(f.viewCount, lang)],
        [t('admin.details.storagePath'), f.storagePath],
      ]
    : [];
  return (
    <Drawer opened={shareId !== null} onClose={onClose} position="right" size="lg" title={t('admin.details.title')}>
      <QueryState isPending={details.isPending} error={details.error} />
      {transfer && <TransferDetails transfer={transfer} onTakeDown={onTakeDown} onOpenShare={onOpenShare} />}
      {f && (
        <Stack gap="md">
          <ShareSummary title={f.name} shareUrl={f.shareUrl} rows={rows} onTakeDown={() => onTakeDown(f)} />
          <ShareReports reports={f.reports} />
          <Title order={3} fz="h5">
            {t('admin.details.recentDownloads')}
          </Title>
          {f.recentDownloads.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.dashboard.noDownloads')}
            </Text>
          ) : (
            <Table fz="sm">
              <Table.Tbody>
                {f.recentDownloads.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{formatDateTime(d.downloadedAt, lang)}</Table.Td>
                    <Table.Td>{d.country}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
