import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import type { FileDto } from '@domain/api-types';
import { useTranslation } from 'react-i18next';

// The modal (its form, the modal stack of Mantine) loads on the first click: Home and Transfers
// show this button for every finished upload, and most visits never open it.
const SendFileModal = lazy(() => import('./send-file-modal').then((m) => ({ default: m.SendFileModal })));

/** Opens the file-processing modal for one finished upload. */
export function SendFileButton({ file }: { file: FileDto }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconMailForward size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-label={t('send.modal.openAria', { name: file.name })}
      >
        {t('send.modal.open')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <SendFileModal file={file} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
