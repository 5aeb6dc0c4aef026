import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Both devices stay open; nothing goes to a server. Said on every direct-transfer screen. */
export function StayOpenNote() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" role="note" icon={<IconInfoCircle size={20} aria-hidden />}>
      {t('p2p.stayOpen')}
    </Alert>
  );
}
