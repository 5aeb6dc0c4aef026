import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileDto } from '@domain/api-types';
import { formatBytes } from '@domain/format-bytes';
import { ShareActions } from '@/components/share-actions/share-actions';
import { ShareLink } from '@/components/share-actions/share-link';
import { describeError } from '@/lib/api/failure';
import { useDeleteTransfer } from '../api/delete-transfer';
import type { TransferGroup as Group_ } from '../utils/merge-transfers';
import { ConfirmDeleteButton } from './confirm-delete';
import { TakenDownNotice, TransferRow } from './transfer-row';

export interface TransferGroupProps {
  group: Group_;
  /** Its files are encrypted and this device has not the key: its link alone opens nothing, and says so. */
  keyless?: boolean;
  onOpen?: (file: FileDto) => void;
  fileActions?: (file: FileDto) => ReactNode;
}

/**
 * One transfer of Transfers: its one link first (with its share actions, Download all count and a
 * delete of the whole transfer that asks first), then each file with its folder, own link and
 * downloads. Before the server lists it (the first file is still on its way) only the files show.
 */
export function TransferGroup({ group, keyless = false, onOpen, fileActions }: TransferGroupProps) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteTransfer();
  const { transfer, items, count, size, unlisted } = group;
  const title = t('transfers.group.title', { count });
  const listId = `${group.key}-files`;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={title}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="dimmed">
              {formatBytes(size, i18n.language)}
              {transfer !== null && ` · ${t('transfers.group.downloads', { count: transfer.downloadCount })}`}
            </Text>
          </Group>
          {transfer === null ? (
            <Text size="sm" c="dimmed">
              {t('transfers.group.pending')}
            </Text>
          ) : transfer.takenDown ? (
            <TakenDownNotice transfer />
          ) : (
            <ShareLink url={transfer.shareUrl} size="sm" fw={600} />
          )}
          {keyless && (
            <Text size="sm" c="dimmed" data-testid="transfer-no-key">
              {t('transfers.noKey')}
            </Text>
          )}
          {transfer !== null && (
            <Group gap={4} wrap="wrap">
              {!transfer.takenDown && (
                <ShareActions
                  url={transfer.shareUrl}
                  fileName={title}
                  expiresAt={transfer.expiresAt}
                  variant="compact"
                />
              )}
              <ConfirmDeleteButton
                name={title}
                detail={t('transfers.confirm.transferDetail', { count })}
                hint={t('transfers.deleteTransfer')}
                label={t('transfers.deleteTransferAria', { name: title })}
                pending={remove.isPending}
                onConfirm={() => remove.mutate(transfer.shareId)}
              />
            </Group>
          )}
          {remove.isError && (
            <Text size="xs" c="red" role="alert">
              {t('transfers.deleteFailed', { error: describeError(t, remove.error) })}
            </Text>
          )}
        </Stack>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title} id={listId}>
          {items.map((item) => (
            <TransferRow key={item.key} item={item} onOpen={onOpen} fileActions={fileActions} />
          ))}
        </Stack>
        {unlisted > 0 && (
          <Text size="sm" c="dimmed">
            {t('transfers.group.unlisted', { count: unlisted })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
