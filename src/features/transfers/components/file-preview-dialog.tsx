import type { ReactNode } from 'react';
import { Anchor, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { ShareActions } from '@/components/share-actions/share-actions';
import { useExpiry } from '@/components/share-actions/use-expiry';
import type { FileDto } from '@domain/api-types';
import { useFormatDate } from '@/lib/format-date';
import { FileTypeIcon } from '@/components/file-type-icon';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function PreviewBody({ file }: { file: FileDto }) {
  const { t, i18n } = useTranslation();
  const expiry = useExpiry(file.expiresAt);
  const formatDate = useFormatDate();
  return (
    <Stack gap="md">
      <Group wrap="nowrap">
        <FileTypeIcon type={file.type} size={48} />
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label={t('transfers.preview.size')}>{formatBytes(file.size, i18n.language)}</Fact>
        <Fact label={t('transfers.preview.type')}>{file.type || t('transfers.preview.unknownType')}</Fact>
        <Fact label={t('transfers.preview.uploaded')}>{formatDate(file.createdAt)}</Fact>
        <Fact label={t('transfers.preview.deleted')}>
          {file.expiresAt ? `${formatDate(file.expiresAt, 'long')} (${expiry.label})` : expiry.label}
        </Fact>
        <Fact label={t('transfers.preview.downloads')}>{String(file.downloadCount)}</Fact>
        <Fact label={t('transfers.preview.views')}>{String(file.viewCount)}</Fact>
      </SimpleGrid>
      <Fact label={t('transfers.preview.link')}>
        <Anchor href={file.shareUrl} target="_blank" rel="noopener noreferrer">
          {file.shareUrl}
        </Anchor>
      </Fact>
      <ShareActions url={file.shareUrl} fileName={file.name} expiresAt={file.expiresAt} />
    </Stack>
  );
}

/** A file's details from its Transfers row: what it is, when it goes, its link. */
export function FilePreviewDialog({ file, onClose }: { file: FileDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={file !== null} onClose={onClose} title={t('transfers.preview.title')} size="lg">
      {file !== null && <PreviewBody file={file} />}
    </Modal>
  );
}
