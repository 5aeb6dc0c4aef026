import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { ShareActions } from '@/components/share-actions/share-actions';
import { ShareLink } from '@/components/share-actions/share-link';
import type { FileDto } from '@domain/api-types';
import type { UploadedBatch } from '../hooks/use-upload-batch';
import { SendFileButton } from './send-file-button';

/** The latest of the files' expiries: the transfer's link works until its last file goes. */
function latestExpiry(files: readonly FileDto[]): string | null {
  const dates = files.flatMap((file) => (file.expiresAt === null ? [] : [file.expiresAt]));
  return dates.length === 0 ? null : dates.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
}

/** 'photos/2026/a.png': the file's name with its folder in the transfer. */
export function pathName(file: Pick<FileDto, 'name' | 'path'>): string {
  return file.path ? `${file.path}/${file.name}` : file.name;
}

/** The links of each file of the transfer, for whoever wants one file alone. */
function FileLinks({ files }: { files: readonly FileDto[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id="upload-file-links-title">
        {t('upload.card.fileLinks')}
      </Text>
      <Stack
        component="ul"
        gap={6}
        p={0}
        m={0}
        mah={320}
        style={{ listStyle: 'none', overflowY: 'auto' }}
        aria-labelledby="upload-file-links-title"
      >
        {files.map((file) => (
          <Paper component="li" key={file.shareId} withBorder radius="md" p="xs">
            <Stack gap={2}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {pathName(file)}
              </Text>
              <Group gap="xs" justify="space-between" wrap="wrap">
                <ShareLink url={file.shareUrl} size="sm" />
                <SendFileButton file={file} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * What the upload sent: the transfer's one link first, with its copy and share actions, then each
 * file's own link. Without the transfer (its record could not be read back) each file's link.
 */
export function UploadResults({ batch }: { batch: UploadedBatch }) {
  const { t, i18n } = useTranslation();
  const { transfer, files } = batch;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <Stack gap="sm" role="region" aria-labelledby="upload-results-title">
      <Title order={3} fz="md" id="upload-results-title">
        {t('upload.card.linksTitle', { count: transfer === null ? files.length : 1 })}
      </Title>
      {transfer !== null && (
        <Paper withBorder radius="md" p="sm" data-testid="transfer-link">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t('upload.card.transferSummary', { count: files.length, size: formatBytes(total, i18n.language) })}
            </Text>
            <ShareLink url={transfer.shareUrl} fw={600} />
            <ShareActions
              url={transfer.shareUrl}
              fileName={t('upload.card.transferName', { count: files.length })}
              expiresAt={latestExpiry(files)}
              variant="compact"
            />
          </Stack>
        </Paper>
      )}
      <FileLinks files={files} />
    </Stack>
  );
}
