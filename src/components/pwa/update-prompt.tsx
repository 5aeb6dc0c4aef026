import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { applyUpdate } from '@/lib/pwa';
import { usePwaState } from './use-pwa-state';

/**
 * 'A new version is available' with a Reload button, shown while a new service worker waits.
 * Reload lets it take over and reloads the page; uploads under way go on from IndexedDB.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { updateReady } = usePwaState();
  const [reloading, setReloading] = useState(false);
  if (!updateReady) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 300, maxWidth: 420, marginInline: 'auto' }}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('pwa.updateAvailable')}
        </Text>
        <Button
          size="xs"
          loading={reloading}
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => {
            setReloading(true);
            applyUpdate();
          }}
        >
          {t('pwa.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
