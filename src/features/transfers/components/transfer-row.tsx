import type { ReactNode } from 'react';
import { ActionIcon, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { HintTooltip } from '@/components/hint-tooltip';
import { ShareActions } from '@/components/share-actions/share-actions';
import { useExpiry } from '@/components/share-actions/use-expiry';
import { describeError } from '@/lib/api/failure';
import type { FileDto } from '@domain/api-types';
import { useDeleteFile } from '../api/delete-file';
import type { TransferItem } from '../utils/merge-transfers';
import { FileTypeIcon } from '@/components/file-type-icon';
import { UploadProgress } from './upload-progress';

function ExpiryText({ expiresAt }: { expiresAt: string | null }) {
  const expiry = useExpiry(expiresAt);
  if (!expiry.urgent)
    return (
      <Text size="sm" c="dimmed">
        {expiry.label}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap" c="red">
      <IconAlertTriangle size={14} aria-hidden />
      <Text size="sm" c="red" fw={600}>
        {expiry.label}
      </Text>
    </Group>
  );
}

function FileActions({ file, extra }: { file: FileDto; extra?: ReactNode }) {
  const { t } = useTranslation();
  const remove = useDeleteFile();
  const deleteButton = (
    <HintTooltip label={t('transfers.delete')}>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        loading={remove.isPending}
        disabled={remove.isPending}
        onClick={() => remove.mutate(file.shareId)}
        aria-label={t('transfers.deleteAria', { name: file.name })}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </HintTooltip>
  );
  return (
    <Stack gap={4} align="flex-end">
      {file.state === 'complete' ? (
        <ShareActions url={file.shareUrl} fileName={file.name} expiresAt={file.expiresAt} variant="compact">
          {extra}
          {deleteButton}
        </ShareActions>
      ) : (
        deleteButton
      )}
      {remove.isError && (
        <Text size="xs" c="red" role="alert">
          {t('transfers.deleteFailed', { error: describeError(t, remove.error) })}
        </Text>
      )}
    </Stack>
  );
}

export interface TransferRowProps {
  item: TransferItem;
  /** Opens the file's details; rows of unfinished uploads have none. */
  onOpen?: (file: FileDto) => void;
  /** More actions for a finished file, next to its share actions. */
  fileActions?: (file: FileDto) => ReactNode;
}

/** One file of Transfers: type icon, name, size, time left (or upload progress), and its actions. */
export function TransferRow({ item, onOpen, fileActions }: TransferRowProps) {
  const { t, i18n } = useTranslation();
  const name = item.kind === 'file' ? item.file.name : item.job.name;
  const size = item.kind === 'file' ? item.file.size : item.job.size;
  const type = item.kind === 'file' ? item.file.type : item.job.type;
  const complete = item.kind === 'file' && item.file.state === 'complete';

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={name}>
      <Group wrap="wrap" gap="sm" align="center" justify="space-between">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <FileTypeIcon type={type} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            {item.kind === 'file' && complete && onOpen ? (
              <UnstyledButton onClick={() => onOpen(item.file)} aria-haspopup="dialog" style={{ minWidth: 0 }}>
                <Text fw={600} truncate="end" td="underline" style={{ textDecorationStyle: 'dotted' }}>
                  {name}
                </Text>
              </UnstyledButton>
            ) : (
              <Text fw={600} truncate="end">
                {name}
              </Text>
            )}
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {formatBytes(size, i18n.language)}
              </Text>
              {item.kind === 'file' &&
                (complete ? (
                  <ExpiryText expiresAt={item.file.expiresAt} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('transfers.unfinished')}
                  </Text>
                ))}
            </Group>
          </Stack>
        </Group>
        {item.kind === 'file' && (
          <FileActions file={item.file} extra={complete ? fileActions?.(item.file) : undefined} />
        )}
      </Group>
      {item.kind === 'upload' && (
        <Stack mt="xs">
          <UploadProgress job={item.job} />
        </Stack>
      )}
    </Paper>
  );
}
