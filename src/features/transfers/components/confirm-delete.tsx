import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HintTooltip } from '@/components/hint-tooltip';

export interface ConfirmDeleteButtonProps {
  /** What is deleted, as the question names it ('report.pdf', 'Transfer of 3 files'). */
  name: string;
  /** What goes with it, said under the question. */
  detail: string;
  /** The button's tooltip and accessible name. */
  hint: string;
  label: string;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * A delete button that asks first, as deleting cannot be undone: a dialog with Cancel (focused, so
 * Enter or Escape keeps the file) and Delete. Mantine's modal keeps the focus inside and gives it
 * back to the button on close.
 */
export function ConfirmDeleteButton({ name, detail, hint, label, pending, onConfirm }: ConfirmDeleteButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <HintTooltip label={hint}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          loading={pending}
          disabled={pending}
          onClick={() => setOpened(true)}
          aria-haspopup="dialog"
          aria-label={label}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </HintTooltip>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('transfers.confirm.title', { name })}
        closeButtonProps={{ 'aria-label': t('transfers.confirm.cancel') }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{detail}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)} data-autofocus>
              {t('transfers.confirm.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setOpened(false);
                onConfirm();
              }}
            >
              {t('transfers.confirm.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
