import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ControllerSnapshot } from '../controllers/transfer-controller';
import { TransferProgress } from './transfer-progress';

/**
 * A transfer under way and how it ended, the same on both pages: its progress while bytes move,
 * then `done` (in gray when `faded`: what it brought is gone again) or the cancelled note.
 */
export function TransferOutcome({
  snapshot,
  done,
  faded = false,
}: {
  snapshot: ControllerSnapshot;
  done: string;
  faded?: boolean;
}) {
  const { phase } = snapshot.session;
  return (
    <>
      <TransferProgress snapshot={snapshot} />
      {phase === 'done' && (
        <Alert
          color={faded ? 'gray' : 'teal'}
          variant="light"
          role="status"
          icon={<IconCircleCheck size={20} aria-hidden />}
        >
          {done}
        </Alert>
      )}
      {phase === 'cancelled' && <CancelledNote />}
    </>
  );
}

/** Said on both pages when either side cancelled. */
export function CancelledNote() {
  const { t } = useTranslation();
  return (
    <Text size="sm" role="status">
      {t('p2p.cancelled')}
    </Text>
  );
}
