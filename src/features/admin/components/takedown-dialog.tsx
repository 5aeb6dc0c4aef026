import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TAKEDOWN_REASON_MAX_LENGTH } from '@domain/constants';
import { describeError } from '@/lib/api/failure';
import { useTakeDown } from '../api/take-down';

/** Asks before a takedown (the object and the record are deleted for good), with an optional reason. */
export function TakedownDialog({
  target,
  onClose,
  onDone,
}: {
  target: { shareId: string; name: string } | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const takeDown = useTakeDown();
  const [reason, setReason] = useState('');
  const close = () => {
    takeDown.reset();
    setReason('');
    onClose();
  };
  return (
    <Modal opened={target !== null} onClose={close} title={t('admin.takedown.title')} centered>
      {target && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            takeDown.mutate(
              { shareId: target.shareId, reason: reason.trim() || undefined },
              {
                onSuccess: () => {
                  close();
                  onDone?.();
                },
              },
            );
          }}
        >
          <Stack gap="md">
            <Text style={{ overflowWrap: 'anywhere' }}>{t('admin.takedown.confirm', { name: target.name })}</Text>
            <TextInput
              label={t('admin.takedown.reason')}
              placeholder={t('admin.takedown.reasonPlaceholder')}
              maxLength={TAKEDOWN_REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            {takeDown.isError && (
              <Alert color="red" variant="light" role="alert">
                {describeError(t, takeDown.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red.9" loading={takeDown.isPending}>
                {t('admin.takedown.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
