import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReceiveController } from '../controllers/receive-controller';
import { canPickFolder, type SaveAllOutcome } from '../storage/save-all';

/**
 * "Save all" under several received files, saying before the press what it will do in this
 * browser (a folder to pick, or one download per file) and after it what it did.
 */
export function SaveAllButton({ controller }: { controller: ReceiveController }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<SaveAllOutcome | 'failed' | undefined>();
  const [saving, setSaving] = useState(false);
  const folder = canPickFolder();
  const said =
    outcome === 'folder'
      ? t('p2p.receive.savedAllFolder')
      : outcome === 'downloads'
        ? t('p2p.receive.savedAllDownloads')
        : outcome === 'failed'
          ? t('p2p.receive.saveAllFailed')
          : folder
            ? t('p2p.receive.saveAllFolderHint')
            : t('p2p.receive.saveAllDownloadsHint');
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        leftSection={<IconDownload size={18} aria-hidden />}
        loading={saving}
        onClick={() => {
          setSaving(true);
          controller
            .saveAll()
            .then(
              (done) => setOutcome(done === 'cancelled' ? undefined : done),
              (error: unknown) => {
                console.error('Could not save the received files', error);
                setOutcome('failed');
              },
            )
            .finally(() => setSaving(false));
        }}
      >
        {t('p2p.receive.saveAll')}
      </Button>
      <Text size="sm" c={outcome === 'failed' ? 'red' : 'dimmed'} role="status" data-testid="p2p-save-all-note">
        {said}
      </Text>
    </Stack>
  );
}
