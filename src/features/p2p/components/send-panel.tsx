import { useEffect, useRef } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconSend, IconWifiOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FileDropOverlay } from '@/components/file-drop/file-drop-overlay';
import { PickFilesOrFolder } from '@/components/pick-button';
import { SendController, type SendSnapshot } from '../controllers/send-controller';
import { useController } from '../hooks/use-controller';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { usePickedFiles } from '../hooks/use-picked-files';
import { OfferedFiles } from './offered-files';
import { ReceiveLinkCard } from './receive-link-card';
import { SafetyCode } from './safety-code';
import { SendToCodeForm } from './send-to-code-form';
import { TransferError } from './transfer-error';
import { TransferOutcome } from './transfer-outcome';
import { CancelButton } from './cancel-button';
import { LIVE_PHASES } from '../protocol/session-core';

/**
 * The sending side of /p2p: pick files, share the receive link (or type a code), watch it go.
 * `visible`: its tab is the one shown (drops are taken only then).
 */
export function SendPanel({ onStartOver, visible }: { onStartOver: () => void; visible: boolean }) {
  const { t } = useTranslation();
  const { files, add, remove } = usePickedFiles();
  const { controller, snapshot } = useController<SendSnapshot, SendController>((ice) => new SendController(ice));
  const phase = snapshot?.session.phase ?? 'waiting';
  const waiting = snapshot?.mode !== 'code' && phase === 'waiting';
  useLeaveWarning(LIVE_PHASES.has(phase));

  // The controller offers whatever is picked when a receiver arrives.
  useEffect(() => controller?.setFiles(files), [controller, files]);

  return (
    <Stack gap="md">
      <FileDropOverlay onFiles={add} label={t('p2p.send.dropHere')} disabled={!waiting || !visible} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="p2p-send-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="p2p-send-title">
            {t('p2p.send.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('p2p.send.hint')}
          </Text>
          <PickFilesOrFolder
            labels={{ files: t('p2p.send.addFiles'), folder: t('p2p.send.addFolder') }}
            testIds={{ files: 'p2p-files-input', folder: 'p2p-folder-input' }}
            onFiles={add}
            disabled={!waiting}
          />
          {files.length > 0 && (
            <>
              <Text size="sm" fw={600} aria-live="polite">
                {t('p2p.send.selected', { count: files.length })}
              </Text>
              <OfferedFiles
                files={files.map((file) => ({ path: file.path, size: file.blob.size, type: file.type }))}
                label={t('p2p.send.listLabel')}
                action={(index) => {
                  const file = files[index];
                  if (!file || !waiting) return null;
                  return (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => remove(file.id)}
                      aria-label={t('p2p.send.remove', { name: file.path })}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  );
                }}
              />
            </>
          )}
        </Stack>
      </Paper>

      {snapshot !== null && !snapshot.online && (
        <Alert color="orange" variant="light" role="status" icon={<IconWifiOff size={18} aria-hidden />}>
          {t('p2p.offline')}
        </Alert>
      )}

      {files.length > 0 && controller !== null && snapshot !== null && (
        <SendSession controller={controller} snapshot={snapshot} onStartOver={onStartOver} />
      )}
    </Stack>
  );
}

function SendSession({
  controller,
  snapshot,
  onStartOver,
}: {
  controller: SendController;
  snapshot: SendSnapshot;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const { session } = snapshot;
  const { phase } = session;
  const section = useRef<HTMLElement>(null);
  // The moments the sender must see: the code to compare with its button, and Delivered. Below the
  // file list they start under the fold of a laptop's screen, so they are brought into view.
  const needsEyes = phase === 'comparing' || phase === 'done';
  useEffect(() => {
    if (needsEyes) section.current?.scrollIntoView({ block: 'nearest' });
  }, [needsEyes]);

  if (phase === 'waiting' && snapshot.mode === 'link') {
    return (
      <>
        <ReceiveLinkCard link={snapshot.link} fileCount={controller.session.getSnapshot().files.length || 1} />
        {session.refused > 0 && (
          <Alert color="orange" variant="light" role="status">
            {t('p2p.send.refused', { count: session.refused })}
          </Alert>
        )}
        <SendToCodeForm onSend={(code) => void controller.sendToCode(code)} />
      </>
    );
  }

  const startOver = (
    <Button variant="light" leftSection={<IconRefresh size={18} aria-hidden />} onClick={onStartOver}>
      {t('p2p.send.sendMore')}
    </Button>
  );

  if (phase === 'failed' && session.error) {
    return (
      <TransferError error={session.error} apiFailure={snapshot.apiFailure}>
        <Group gap="xs">
          {snapshot.mode === 'code' && (
            <Button variant="light" color="red" onClick={() => controller.backToLink()}>
              {t('p2p.send.backToLink')}
            </Button>
          )}
          {startOver}
        </Group>
      </TransferError>
    );
  }

  return (
    <Paper ref={section} withBorder radius="md" p="md" component="section" aria-label={t('p2p.progress.label')}>
      <Stack gap="md">
        {session.safetyCode !== undefined && <SafetyCode code={session.safetyCode} />}
        {phase === 'connecting' && (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('p2p.send.connecting')}</Text>
          </Group>
        )}
        {phase === 'offered' && (
          <Text size="sm" role="status">
            {t('p2p.send.offered')}
          </Text>
        )}
        <TransferOutcome snapshot={snapshot} done={t('p2p.send.done')} />
        <Group gap="xs">
          {phase === 'comparing' && (
            <Button leftSection={<IconSend size={18} aria-hidden />} onClick={() => controller.session.confirm()}>
              {t('p2p.send.confirmCodes')}
            </Button>
          )}
          {LIVE_PHASES.has(phase) && <CancelButton onCancel={() => controller.session.cancel()} />}
          {(phase === 'done' || phase === 'cancelled') && startOver}
        </Group>
      </Stack>
    </Paper>
  );
}
