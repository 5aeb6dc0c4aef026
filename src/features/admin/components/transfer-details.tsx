import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import type { AdminTransferDetailsDto } from '@domain/admin-api-types';
import { formatCount, formatDateTime } from '../utils/format';
import { ShareReports } from './share-reports';
import { ShareSummary } from './share-summary';

/** A transfer in the details drawer: its link, counts, stored files and reports; its takedown takes all. */
export function TransferDetails({
  transfer,
  onTakeDown,
  onOpenShare,
}: {
  transfer: AdminTransferDetailsDto;
  onTakeDown: (share: { shareId: string; name: string }) => void;
  onOpenShare: (shareId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const title = t('admin.details.transferTitle', { count: transfer.files.length });
  const rows: [string, string][] = [
    [t('admin.details.sender'), transfer.senderName ?? '—'],
    [t('admin.columns.size'), formatBytes(transfer.size, lang)],
    [t('admin.columns.uploaded'), formatDateTime(transfer.createdAt, lang)],
    [t('admin.columns.downloads'), formatCount(transfer.downloadCount, lang)],
    [t('admin.columns.views'), formatCount(transfer.viewCount, lang)],
  ];
  return (
    <Stack gap="md">
      <ShareSummary
        title={title}
        shareUrl={transfer.shareUrl}
        rows={rows}
        onTakeDown={() => onTakeDown({ shareId: transfer.shareId, name: title })}
      />
      <Title order={3} fz="h5">
        {t('admin.details.files')}
      </Title>
      {transfer.files.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.details.noFiles')}
        </Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {transfer.files.map((file) => {
            const name = file.path ? `${file.path}/${file.name}` : file.name;
            return (
              <Paper component="li" key={file.shareId} withBorder radius="md" p="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatBytes(file.size, lang)} · {file.type}
                    </Text>
                  </Stack>
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconFileSearch size={14} aria-hidden />}
                    aria-label={t('admin.details.openFile', { name })}
                    onClick={() => onOpenShare(file.shareId)}
                  >
                    {t('admin.uploads.details')}
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <ShareReports reports={transfer.reports} />
    </Stack>
  );
}
