import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The buttons at the foot of a form in a dialog: Cancel, then the red submit (the dialogs that use
 * it report or remove a file), busy while the request runs.
 */
export function DialogActions({
  onCancel,
  submitLabel,
  pending,
}: {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" color="red.9" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
