import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { formatRate } from '@/lib/format-rate';
import type { ControllerSnapshot } from '../controllers/transfer-controller';

/**
 * Progress, speed and time left while bytes move (or the connection is being got back); the same
 * on both pages (bytes the receiver has written). Nothing in the other phases. The bar is not
 * animated: its moving stripes repainted both pages all through a transfer, and on a busy 2-core
 * machine that took CPU from the data channel (bench/p2p.ts: 10 % slower with them).
 */
export function TransferProgress({ snapshot }: { snapshot: ControllerSnapshot }) {
  const { t, i18n } = useTranslation();
  const { phase, bytesDone, totalBytes } = snapshot.session;
  if (phase !== 'transferring' && phase !== 'reconnecting') return null;
  const reconnecting = phase === 'reconnecting';
  const { bytesPerSecond, etaSeconds } = snapshot;
  const percent = totalBytes === 0 ? 100 : Math.min(100, Math.floor((bytesDone / totalBytes) * 100));
  const status = t('p2p.progress.status', {
    percent,
    done: formatBytes(bytesDone, i18n.language),
    total: formatBytes(totalBytes, i18n.language),
  });
  const rate = reconnecting ? null : formatRate(t, i18n.language, bytesPerSecond, etaSeconds);
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        color={reconnecting ? 'orange' : undefined}
        aria-label={t('p2p.progress.label')}
      />
      {/* Announced as it changes: a whole percent, or the connection dropping and coming back. */}
      <Text
        size="sm"
        c={reconnecting ? 'orange' : 'dimmed'}
        role="status"
        aria-live="polite"
        data-testid="p2p-progress"
      >
        {reconnecting ? t('p2p.progress.reconnecting') : rate === null ? status : `${status} · ${rate}`}
      </Text>
    </Stack>
  );
}
