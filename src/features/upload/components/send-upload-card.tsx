import { Button, Divider } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localFailure } from '@/lib/api/failure';
import { useSendLinks } from '../api/send-links';
import { useSendForm } from '../hooks/use-send-form';
import type { SendForm } from '../hooks/use-send-form';
import { useUploadCard } from '../hooks/use-upload-card';
import { SendFields } from './send-fields';
import { UploadCard } from './upload-card';

/** 'Upload and send': upload the selection, then mail the links (docs/product.md §4 Upload-and-send on Home). */
function useUploadAndSend(form: SendForm) {
  const { i18n } = useTranslation();
  const card = useUploadCard();
  const send = useSendLinks();

  const mail = async (recipients: readonly string[], shareIds: readonly string[]) => {
    try {
      const { accepted } = await send.mutateAsync({
        recipients,
        title: form.title,
        message: form.message,
        shareIds,
        language: i18n.resolvedLanguage ?? i18n.language,
      });
      form.setStatus({ kind: 'sent', count: accepted.length });
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
    let shareIds: string[];
    try {
      shareIds = (await card.uploadSelection()).map((file) => file.shareId);
    } catch (cause) {
      form.setStatus({ kind: 'failed', heading: 'send.failed', cause });
      return;
    }
    await mail(recipients, shareIds);
  };

  const retry = (shareIds: readonly string[]) => {
    const recipients = form.recipientsForSend();
    if (recipients === null) return;
    form.setStatus({ kind: 'working' });
    void mail(recipients, shareIds);
  };

  return { start, retry, working: form.status.kind === 'working' || card.busy, hasFiles: card.selection.length > 0 };
}

function SendSection({ form }: { form: SendForm }) {
  const { t } = useTranslation();
  const { retry, working, hasFiles } = useUploadAndSend(form);
  return (
    <>
      <Divider label={t('send.sectionTitle')} labelPosition="left" />
      <SendFields form={form} disabled={working} onRetry={retry} hasFiles={hasFiles} />
    </>
  );
}

function UploadAndSendButton({ form }: { form: SendForm }) {
  const { t } = useTranslation();
  const { start, working } = useUploadAndSend(form);
  return (
    <Button
      size="md"
      variant="filled"
      color="teal.9"
      onClick={() => void start()}
      loading={form.status.kind === 'working'}
      disabled={working && form.status.kind !== 'working'}
      loaderProps={{ 'aria-hidden': true }}
      leftSection={<IconMailForward size={18} aria-hidden />}
    >
      {t('send.uploadAndSend')}
    </Button>
  );
}

/** The Home card: the upload card with the send-by-email section and 'Upload and send'. */
export function SendUploadCard() {
  const form = useSendForm();
  return (
    <UploadCard actions={<UploadAndSendButton form={form} />}>
      <SendSection form={form} />
    </UploadCard>
  );
}
