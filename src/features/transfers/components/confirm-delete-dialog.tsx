import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteDialogProps {
  opened: boolean;
  /** What is deleted, as the question names it ('report.pdf', 'Transfer of 3 files'). */
  name: string;
  /** What goes with it, said under the question. */
  detail: string;
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * The question before a delete: Cancel (focused, so Enter or Escape keeps the file) and Delete.
 * Mantine's modal keeps the focus inside and gives it back to the button that opened it on close.
 */
export function ConfirmDeleteDialog({ opened, name, detail, onClose, onConfirm }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('transfers.confirm.title', { name })}
      closeButtonProps={{ 'aria-label': t('transfers.confirm.cancel') }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{detail}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('transfers.confirm.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {t('transfers.confirm.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
