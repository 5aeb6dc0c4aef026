import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SENT_MODAL_CLOSE_DELAY_MS } from '@domain/recipients';
import type { FileDto } from '@domain/api-types';
import { ErrorAlert } from '@/components/error-alert';
import { FileSummary } from '@/components/file-summary';
import { describeError } from '@/lib/api/failure';
import { downloadOwnFile } from '../api/download-own-file';
import { useSendLinks } from '../api/send-links';
import { sendOutcome, useSendForm } from '../hooks/use-send-form';
import { SendFields } from './send-fields';

export interface SendFileModalProps {
  file: FileDto;
  opened: boolean;
  onClose: () => void;
}

/** The file-processing modal (docs/product.md §2 Home): download, recipients n/10, title, and a real send. */
export function SendFileModal({ file, opened, onClose }: SendFileModalProps) {
  const { t, i18n } = useTranslation();
  const form = useSendForm(t('send.modal.defaultTitle', { name: file.name }));
  const send = useSendLinks();
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const { status, setStatus } = form;
  const sent = status.kind === 'sent';

  // 'Sent!' stays a moment, then the modal closes by itself (the spec's 2 s).
  useEffect(() => {
    if (!sent) return undefined;
    const timer = window.setTimeout(onClose, SENT_MODAL_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sent, onClose]);

  const onSend = async () => {
    const recipients = form.recipientsForSend();
    if (recipients === null) return;
    setStatus({ kind: 'working' });
    try {
      const result = await send.mutateAsync({
        recipients,
        title: form.title,
        message: form.message,
        shareIds: [file.shareId],
        language: i18n.resolvedLanguage ?? i18n.language,
      });
      setStatus(sendOutcome(result));
      form.recipients.clear();
    } catch (cause) {
      setStatus({ kind: 'failed', heading: 'send.modal.failed', cause });
    }
  };

  // The uploader's own copy, streamed to disk, never held in memory.
  const onDownload = () => {
    setDownloadError(null);
    downloadOwnFile(file).catch((cause: unknown) => setDownloadError(cause));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('send.modal.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('shareExtras.close') }}
    >
      <Stack gap="md">
        <FileSummary name={file.name} size={file.size} />
        <Button variant="light" leftSection={<IconDownload size={18} aria-hidden />} onClick={onDownload}>
          {t('send.modal.download')}
        </Button>
        {downloadError !== null && (
          <ErrorAlert title={t('send.modal.downloadFailed')}>{describeError(t, downloadError)}</ErrorAlert>
        )}
        <SendFields form={form} disabled={status.kind === 'working' || sent} withMessage />
        <Group justify="flex-end">
          <Button
            leftSection={<IconSend size={18} aria-hidden />}
            onClick={() => void onSend()}
            loading={status.kind === 'working'}
            loaderProps={{ 'aria-hidden': true }}
            disabled={sent}
          >
            {sent ? t('send.modal.sent') : t('send.modal.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
