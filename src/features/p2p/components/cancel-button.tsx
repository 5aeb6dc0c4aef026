import { Button } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Either side's Cancel: the other page is told (cancelled-by-peer). */
export function CancelButton({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="light" color="red" leftSection={<IconPlayerStop size={18} aria-hidden />} onClick={onCancel}>
      {t('p2p.cancel')}
    </Button>
  );
}
