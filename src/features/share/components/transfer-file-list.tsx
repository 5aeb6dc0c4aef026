import { useState } from 'react';
import { ActionIcon, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TransferFileDto } from '@domain/api-types';
import { formatBytes } from '@domain/format-bytes';
import { FileTypeIcon } from '@/components/file-type-icon';
import { previewKind } from '@/lib/download-pipeline/preview';
import { useFileDownload } from '../hooks/use-file-download';
import { useShareAccess } from '../hooks/use-share-access';
import { earlyDownload } from '../utils/early-download';
import { DownloadProblem, SavingProgress } from './file-download-status';
import { FilePreview } from './file-preview';

/** The files by folder, in the list's order (path, then name); '' (no folder) first. */
function byFolder(files: TransferFileDto[]): [string, TransferFileDto[]][] {
  const groups = new Map<string, TransferFileDto[]>();
  for (const file of files) groups.set(file.path, [...(groups.get(file.path) ?? []), file]);
  return [...groups.entries()];
}

function FileRow({
  file,
  previewing,
  onPreview,
}: {
  file: TransferFileDto;
  previewing: boolean;
  onPreview: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const download = useFileDownload(file);
  const { encryption } = useShareAccess();
  const busy = download.state.status === 'running';
  return (
    <Stack component="li" gap="xs" aria-label={file.path ? `${file.path}/${file.name}` : file.name}>
      <Group wrap="nowrap" gap="sm">
        <FileTypeIcon type={file.type} size={36} />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {formatBytes(file.size, i18n.language)} · {file.type || 'application/octet-stream'}
          </Text>
        </Stack>
        {previewKind(file) !== null && (
          <ActionIcon
            variant={previewing ? 'filled' : 'light'}
            size="lg"
            aria-label={t('download.preview.openFile', { name: file.name })}
            aria-pressed={previewing}
            onClick={() => onPreview(!previewing)}
          >
            <IconEye size={20} aria-hidden />
          </ActionIcon>
        )}
        <ActionIcon
          size="lg"
          aria-label={t('download.transfer.downloadFile', { name: file.name })}
          aria-busy={busy}
          onClick={download.start}
          {...earlyDownload(file.shareId, encryption)}
        >
          {busy ? <Loader size="xs" color="white" aria-hidden /> : <IconDownload size={20} aria-hidden />}
        </ActionIcon>
      </Group>
      <SavingProgress state={download.state} />
      <DownloadProblem state={download.state} failed={t('download.transfer.fileFailed', { name: file.name })} />
      {previewing && <FilePreview file={file} onClose={() => onPreview(false)} />}
    </Stack>
  );
}

/** Every file of a transfer, grouped by folder, each with its Download and (where it can) Preview. */
export function TransferFileList({ files }: { files: TransferFileDto[] }) {
  const { t } = useTranslation();
  const [previewed, setPreviewed] = useState<string | null>(null);
  return (
    <Stack gap="md">
      {byFolder(files).map(([folder, inFolder]) => (
        <Stack key={folder} component="section" gap="xs" aria-label={folder || t('download.transfer.topLevel')}>
          {folder && (
            <Group gap={6} wrap="nowrap">
              <IconFolder size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Title order={2} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {folder}
              </Title>
            </Group>
          )}
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {inFolder.map((file) => (
              <FileRow
                key={file.shareId}
                file={file}
                previewing={previewed === file.shareId}
                onPreview={(open) => setPreviewed(open ? file.shareId : null)}
              />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
