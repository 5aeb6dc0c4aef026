import { useState } from 'react';
import type { ReactElement } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteProps {
  /** What is deleted, as the question names it ('report.pdf', '3 files'). */
  name: string;
  /** What goes with it, said under the question. */
  detail: string;
  onConfirm: () => void;
  /** The button that opens the question; given the handler to open it. */
  trigger: (open: () => void) => ReactElement;
}

/**
 * Deleting cannot be undone, so it asks first: a dialog with Cancel (focused, so Enter or Escape
 * keeps the file) and Delete. Mantine's modal keeps the focus inside and gives it back on close.
 */
export function ConfirmDelete({ name, detail, onConfirm, trigger }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      {trigger(() => setOpened(true))}
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
