import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconDownload, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import type { ReceiveController, ReceiveSnapshot } from '../controllers/receive-controller';
import { PEER_FILE_TTL_MS } from '@domain/constants';
import { baseName } from '../protocol/file-names';
import type { StoragePlan } from '../storage/storage-plan';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { OfferedFiles } from './offered-files';
import { SafetyCode } from './safety-code';
import { SaveAllButton } from './save-all-button';
import { TransferError } from './transfer-error';
import { CancelledNote, TransferOutcome } from './transfer-outcome';
import { CancelButton } from './cancel-button';
import { LIVE_PHASES } from '../protocol/session-core';

const TTL_DAYS = Math.round(PEER_FILE_TTL_MS / (24 * 60 * 60 * 1000));

function StorageNote({ plan }: { plan: StoragePlan | undefined }) {
  const { t, i18n } = useTranslation();
  if (plan === undefined) return <Text size="sm">{t('p2p.receive.checkingStorage')}</Text>;
  const text =
    plan.kind === 'picker'
      ? t('p2p.receive.storagePicker')
      : plan.kind === 'private'
        ? t('p2p.receive.storagePrivate', { days: TTL_DAYS })
        : plan.kind === 'memory'
          ? t('p2p.receive.storageMemory', { days: TTL_DAYS, limit: formatBytes(plan.limit, i18n.language) })
          : t('p2p.receive.storageTooLarge', { limit: formatBytes(plan.limit, i18n.language) });
  return (
    <Alert color={plan.kind === 'too-large' ? 'red' : 'blue'} variant="light" role="note" data-testid="p2p-storage">
      {text}
    </Alert>
  );
}

/**
 * The receiving side, shared by a receive link and "Receive with a code": the safety code, the
 * offered files with Accept, progress, a Save button for each received file and Save all.
 */
export function ReceivePanel({
  controller,
  snapshot,
  waiting,
  onStartOver,
}: {
  controller: ReceiveController;
  snapshot: ReceiveSnapshot;
  /** What to show before a sender has arrived (the code, "Connecting…"). */
  waiting: ReactNode;
  onStartOver: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { session, plan } = snapshot;
  const { phase } = session;
  const compare = controller.session.mode === 'code';
  useLeaveWarning(LIVE_PHASES.has(phase));

  // A link names one sender's files: once they are here (or cancelled), there is nothing more to get.
  const startOver = (label: string) => (
    <Button variant="light" leftSection={<IconRefresh size={18} aria-hidden />} onClick={onStartOver}>
      {label}
    </Button>
  );
  const receiveMore = compare ? startOver(t('p2p.receive.receiveMore')) : null;

  const showFiles = session.files.length > 0;
  const storedCount = session.received.filter((file) => file?.kind === 'stored').length;
  const received = (index: number) => {
    const file = session.received[index];
    const name = baseName(session.files[index]?.path ?? '');
    if (file?.kind === 'saved') {
      return (
        <Text size="xs" c="teal" fw={600}>
          {t('p2p.receive.savedToDisk')}
        </Text>
      );
    }
    if (file?.kind === 'stored' && !snapshot.expired) {
      return (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => controller.save(index)}
          aria-label={t('p2p.receive.saveAria', { name })}
        >
          {t('p2p.receive.save')}
        </Button>
      );
    }
    if (phase === 'offered') return null;
    return (
      <Text size="xs" c="dimmed">
        {t('p2p.receive.fileWaiting')}
      </Text>
    );
  };

  return (
    <Stack gap="md">
      {!snapshot.online && (
        <Alert color="orange" variant="light" role="status" icon={<IconWifiOff size={18} aria-hidden />}>
          {t('p2p.offline')}
        </Alert>
      )}
      {(phase === 'waiting' || phase === 'connecting') && waiting}
      {session.safetyCode !== undefined && phase !== 'failed' && <SafetyCode code={session.safetyCode} />}
      {phase === 'comparing' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('p2p.receive.waitingOffer')}</Text>
        </Group>
      )}
      {phase === 'failed' && session.error !== undefined && (
        <TransferError error={session.error} apiFailure={snapshot.apiFailure}>
          {startOver(t('p2p.tryAgain'))}
        </TransferError>
      )}
      {showFiles && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="p2p-offer-title">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="p2p-offer-title">
              {t('p2p.receive.offerTitle', { count: session.files.length })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('p2p.receive.total', { size: formatBytes(session.totalBytes, i18n.language) })}
            </Text>
            <OfferedFiles files={session.files} label={t('p2p.receive.filesLabel')} action={received} />
            {phase === 'done' && !snapshot.expired && storedCount >= 2 && <SaveAllButton controller={controller} />}
            {phase === 'offered' && <StorageNote plan={plan} />}
            <TransferOutcome
              snapshot={snapshot}
              done={snapshot.expired ? t('p2p.receive.expired', { days: TTL_DAYS }) : t('p2p.receive.done')}
              faded={snapshot.expired}
            />
            <Group gap="xs">
              {phase === 'offered' && (
                <Button
                  leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                  disabled={plan === undefined || plan.kind === 'too-large'}
                  onClick={() => void controller.accept()}
                >
                  {t('p2p.receive.accept')}
                </Button>
              )}
              {LIVE_PHASES.has(phase) && <CancelButton onCancel={() => controller.cancel()} />}
              {(phase === 'done' || phase === 'cancelled') && receiveMore}
            </Group>
          </Stack>
        </Paper>
      )}
      {!showFiles && phase === 'cancelled' && (
        <Stack gap="xs" align="flex-start">
          <CancelledNote />
          {startOver(t('p2p.tryAgain'))}
        </Stack>
      )}
      {!showFiles && (phase === 'connecting' || phase === 'comparing') && (
        <Group>
          <CancelButton onCancel={() => controller.cancel()} />
        </Group>
      )}
    </Stack>
  );
}
