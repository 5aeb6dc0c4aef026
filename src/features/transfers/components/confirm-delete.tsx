import { lazy, Suspense, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { HintTooltip } from '@/components/hint-tooltip';
import { useOpenedOnce } from '@/lib/use-opened-once';

// The question (Mantine's modal stack: portal, focus trap, overlay, scroll lock) loads with the
// first tap on a delete, not with the list: evaluating it was part of Transfers' start.
const ConfirmDeleteDialog = lazy(() =>
  import('./confirm-delete-dialog').then((m) => ({ default: m.ConfirmDeleteDialog })),
);

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

/** A delete button that asks first, as deleting cannot be undone (ConfirmDeleteDialog). */
export function ConfirmDeleteButton({ name, detail, hint, label, pending, onConfirm }: ConfirmDeleteButtonProps) {
  const [opened, setOpened] = useState(false);
  const asked = useOpenedOnce(opened);
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
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            opened={opened}
            name={name}
            detail={detail}
            onClose={() => setOpened(false)}
            onConfirm={onConfirm}
          />
        </Suspense>
      )}
    </>
  );
}
