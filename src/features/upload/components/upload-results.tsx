import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShareActions } from '@/components/share-actions/share-actions';
import type { FileDto } from '@domain/api-types';
import { SendFileButton } from './send-file-button';

/** The share links of the files just uploaded, each with its copy and share actions. */
export function UploadResults({ files }: { files: readonly FileDto[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="region" aria-labelledby="upload-results-title">
      <Title order={3} fz="md" id="upload-results-title">
        {t('upload.card.linksTitle', { count: files.length })}
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {files.map((file) => (
          <Paper component="li" key={file.shareId} withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Text size="sm" fw={600} truncate="end">
                {file.name}
              </Text>
              <Anchor
                href={file.shareUrl}
                size="sm"
                target="_blank"
                rel="noopener noreferrer"
                style={{ overflowWrap: 'anywhere' }}
              >
                {file.shareUrl}
              </Anchor>
              <Group gap="xs" justify="space-between">
                <ShareActions url={file.shareUrl} fileName={file.name} expiresAt={file.expiresAt} variant="compact" />
                <SendFileButton file={file} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
