import { useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TAKEDOWN_REASON_MAX_LENGTH } from '@domain/constants';
import { DialogActions } from '@/components/dialog-actions';
import { RequestError } from '@/components/request-error';
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
            <RequestError error={takeDown.error} />
            <DialogActions onCancel={close} submitLabel={t('admin.takedown.submit')} pending={takeDown.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
