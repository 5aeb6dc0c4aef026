import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { ShareActions } from '@/components/share-actions/share-actions';
import { useExpiry } from '@/components/share-actions/use-expiry';
import { describeError } from '@/lib/api/failure';
import type { FileDto } from '@domain/api-types';
import { useDeleteFile } from '../api/delete-file';
import type { TransferItem } from '../utils/merge-transfers';
import { FileTypeIcon } from '@/components/file-type-icon';
import { ConfirmDeleteButton } from './confirm-delete';
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

/** The file's name with its folder in the transfer ('photos/2026/a.png'). */
function pathName(file: { name: string; path?: string }): string {
  return file.path ? `${file.path}/${file.name}` : file.name;
}

/** An operator took the file (or its transfer) down: said in place of its link. */
export function TakenDownNotice({ transfer = false }: { transfer?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" c="red" role="status" align="flex-start">
      <IconBan size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" c="red" fw={600}>
        {transfer ? t('transfers.takenDownTransfer') : t('transfers.takenDown')}
      </Text>
    </Group>
  );
}

function FileActions({ file, extra }: { file: FileDto; extra?: ReactNode }) {
  const { t } = useTranslation();
  const remove = useDeleteFile();
  const name = pathName(file);
  const deleteButton = (
    <ConfirmDeleteButton
      name={name}
      detail={t('transfers.confirm.fileDetail')}
      hint={t('transfers.delete')}
      label={t('transfers.deleteAria', { name })}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(file.shareId)}
    />
  );
  const live = file.state === 'complete' && file.takenDown !== true;
  // Wrapped: a phone's row has no room for the share icons, the send button and delete in one line.
  return (
    <Stack gap={4} align="flex-end" style={{ maxWidth: '100%' }}>
      <Group gap={4} wrap="wrap" justify="flex-end">
        {live && <ShareActions url={file.shareUrl} fileName={name} expiresAt={file.expiresAt} variant="compact" />}
        {live && extra}
        {deleteButton}
      </Group>
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
  const name = item.kind === 'file' ? pathName(item.file) : pathName(item.job);
  const size = item.kind === 'file' ? item.file.size : item.job.size;
  const type = item.kind === 'file' ? item.file.type : item.job.type;
  const complete = item.kind === 'file' && item.file.state === 'complete';
  const takenDown = item.kind === 'file' && item.file.takenDown === true;

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={name}>
      <Group wrap="wrap" gap="sm" align="center" justify="space-between">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <FileTypeIcon type={type} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            {item.kind === 'file' && complete && !takenDown && onOpen ? (
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
                (takenDown ? null : complete ? (
                  <>
                    <ExpiryText expiresAt={item.file.expiresAt} />
                    <Text size="sm" c="dimmed">
                      {t('transfers.downloads', { count: item.file.downloadCount })}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('transfers.unfinished')}
                  </Text>
                ))}
            </Group>
            {takenDown && <TakenDownNotice />}
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
