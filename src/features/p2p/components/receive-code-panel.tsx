import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReceiveController, type ReceiveSnapshot } from '../controllers/receive-controller';
import { useController } from '../hooks/use-controller';
import { formatCode } from '../protocol/peer-ids';
import { ReceivePanel } from './receive-panel';

/** "Receive with a code": this page waits under a short code that the sender types. */
export function ReceiveCodePanel({ onStartOver }: { onStartOver: () => void }) {
  const { t } = useTranslation();
  const { controller, snapshot } = useController<ReceiveSnapshot, ReceiveController>((ice) => {
    const made = new ReceiveController(ice, { mode: 'code' });
    void made.start();
    return made;
  });
  if (controller === null || snapshot === null) return null;
  const waiting = (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="p2p-code-title">
      <Stack gap="xs" align="center" ta="center">
        <Title order={2} fz="h4" id="p2p-code-title">
          {t('p2p.receive.codeTitle')}
        </Title>
        {snapshot.peerId === undefined ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('p2p.receive.preparingCode')}</Text>
          </Group>
        ) : (
          <>
            <Text
              ff="monospace"
              fz={36}
              fw={700}
              style={{ letterSpacing: '0.08em' }}
              data-testid="p2p-own-code"
              aria-label={`${t('p2p.receive.codeTitle')}: ${formatCode(snapshot.peerId).split('').join(' ')}`}
            >
              {formatCode(snapshot.peerId)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('p2p.receive.codeHint')}
            </Text>
            <Group gap="xs" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm">{t('p2p.receive.waitingSender')}</Text>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
  return <ReceivePanel controller={controller} snapshot={snapshot} waiting={waiting} onStartOver={onStartOver} />;
}
