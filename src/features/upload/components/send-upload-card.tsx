import { useState } from 'react';
import { Button, Divider, Stack } from '@mantine/core';
import { IconMail, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OwnedItem } from '@domain/api-types';
import { failureOf, localFailure } from '@/lib/api/failure';
import { useSendLinks } from '../api/send-links';
import { sendOutcome, useSendForm } from '../hooks/use-send-form';
import type { SendForm } from '../hooks/use-send-form';
import { useUploadCard } from '../hooks/use-upload-card';
import { SendFields } from './send-fields';
import { UploadCard } from './upload-card';

/**
 * 'Upload and send': upload the selection as one transfer (with the sender's name and message),
 * then mail its one link (docs/product.md §4 Upload-and-send on Home).
 */
function useUploadAndSend(form: SendForm) {
  const { i18n } = useTranslation();
  const card = useUploadCard();
  const send = useSendLinks();

  const mail = async (recipients: readonly string[], transfer: OwnedItem | undefined, shareIds: readonly string[]) => {
    try {
      const result = await send.mutateAsync({
        recipients,
        title: form.title,
        message: form.message,
        senderName: form.senderName,
        // The transfer's one link; each file's own only when the transfer could not be read back.
        transfer,
        shareIds: transfer === undefined ? shareIds : [],
        language: i18n.resolvedLanguage ?? i18n.language,
      });
      form.setStatus(sendOutcome(result));
      form.recipients.clear();
    } catch (cause) {
      form.setStatus({ kind: 'failed', heading: 'send.failed', cause, retryShareIds: shareIds });
    }
  };

  const start = async () => {
    if (card.selection.length === 0) {
      form.setStatus({ kind: 'failed', cause: localFailure('no_files_selected', 'No files selected.') });
      return;
    }
    const recipients = form.recipientsForSend();
    if (recipients === null) return;
    form.setStatus({ kind: 'working' });
    let sent;
    try {
      sent = await card.uploadSelection({ senderName: form.senderName, message: form.message });
    } catch (cause) {
      // Cancelled by the visitor (the × of every file): nothing to mail, and nothing went wrong.
      const cancelled = failureOf(cause).code === 'upload_cancelled';
      form.setStatus(cancelled ? { kind: 'idle' } : { kind: 'failed', heading: 'send.failed', cause });
      return;
    }
    const transfer = sent.transfer === null ? undefined : sent.transfer;
    await mail(
      recipients,
      transfer,
      sent.files.map((file) => file.shareId),
    );
  };

  const retry = (shareIds: readonly string[]) => {
    const recipients = form.recipientsForSend();
    if (recipients === null) return;
    form.setStatus({ kind: 'working' });
    void mail(recipients, card.uploaded?.transfer ?? undefined, shareIds);
  };

  return { start, retry, working: form.status.kind === 'working' || card.busy, hasFiles: card.selection.length > 0 };
}

function SendSection({ form }: { form: SendForm }) {
  const { t } = useTranslation();
  const { retry, working, hasFiles } = useUploadAndSend(form);
  return (
    <>
      <Divider label={t('send.sectionTitle')} labelPosition="left" />
      <SendFields form={form} disabled={working} onRetry={retry} hasFiles={hasFiles} withSenderName />
    </>
  );
}

function UploadAndSendButton({ form }: { form: SendForm }) {
  const { t } = useTranslation();
  const { start, working, hasFiles } = useUploadAndSend(form);
  return (
    <Button
      size="md"
      variant="filled"
      color="teal.9"
      onClick={() => void start()}
      loading={form.status.kind === 'working'}
      disabled={(working && form.status.kind !== 'working') || !hasFiles}
      loaderProps={{ 'aria-hidden': true }}
      leftSection={<IconMailForward size={18} aria-hidden />}
    >
      {t('send.uploadAndSend')}
    </Button>
  );
}

/**
 * The Home card: the files first, and Upload. The email fields (recipients, the sender's name, the
 * message) and 'Upload and send' appear when the visitor asks to send by email.
 */
export function SendUploadCard() {
  const { t } = useTranslation();
  const form = useSendForm();
  const [byEmail, setByEmail] = useState(false);
  const toggle = (
    <Button
      variant={byEmail ? 'light' : 'default'}
      leftSection={<IconMail size={18} aria-hidden />}
      aria-expanded={byEmail}
      aria-controls={byEmail ? 'send-by-email' : undefined}
      onClick={() => setByEmail((open) => !open)}
    >
      {t('send.byEmail')}
    </Button>
  );
  return (
    <UploadCard actions={byEmail ? <UploadAndSendButton form={form} /> : undefined}>
      {toggle}
      {byEmail && (
        <Stack gap="md" id="send-by-email">
          <SendSection form={form} />
        </Stack>
      )}
    </UploadCard>
  );
}
