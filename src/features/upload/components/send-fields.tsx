import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SENDER_NAME_MAX_LENGTH } from '@domain/constants';
import { MAX_SEND_MESSAGE_LENGTH, MAX_SEND_TITLE_LENGTH } from '@domain/recipients';
import { ErrorAlert } from '@/components/error-alert';
import { describeError, failureOf } from '@/lib/api/failure';
import { useSettings } from '@/lib/api/settings';
import type { SendForm, SendStatus } from '../hooks/use-send-form';
import { SendRecipientsField } from './send-recipients-field';

export interface SendFieldsProps {
  form: SendForm;
  disabled?: boolean;
  /** Sends the already uploaded files again after the mail alone failed. */
  onRetry?: (shareIds: readonly string[]) => void;
  /** Show the personal message field (Home); the file modal keeps to recipients and title. */
  withMessage?: boolean;
  /** Whether files are picked: 'Please select files first' goes away once they are. */
  hasFiles?: boolean;
  /** Ask for the sender's name (Home, where the transfer and the mail show it). */
  withSenderName?: boolean;
}

/**
 * The status as the person should see it now: a complaint about something they have since fixed
 * (files picked, a recipient added or being typed) is no longer shown.
 */
function currentStatus(status: SendStatus, form: SendForm, hasFiles: boolean): SendStatus {
  if (status.kind !== 'failed') return status;
  const { code } = failureOf(status.cause);
  if (code === 'no_files_selected' && hasFiles) return { kind: 'idle' };
  const { recipients, draft } = form.recipients;
  if (code === 'recipients_none' && (recipients.length > 0 || draft.trim() !== '')) return { kind: 'idle' };
  return status;
}

/** Recipients, the read-only sender, title, message and the send status. */
export function SendFields({
  form,
  disabled = false,
  onRetry,
  withMessage = true,
  hasFiles = true,
  withSenderName = false,
}: SendFieldsProps) {
  const { t } = useTranslation();
  const status = currentStatus(form.status, form, hasFiles);
  const settings = useSettings();
  // The From the recipients will see; not shown until the server has said (or where it sends none).
  const sender = settings?.mailFrom ?? null;
  // Only a mail server delivers: without one the mail lands in the host's outbox, or nowhere.
  const mailUnavailable = settings?.mailDelivery !== undefined && settings.mailDelivery !== 'smtp';
  return (
    <Stack gap="sm">
      {mailUnavailable && (
        <Alert color="yellow" variant="light" role="note" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('send.unavailable')}
        </Alert>
      )}
      <SendRecipientsField state={form.recipients} disabled={disabled} />
      {sender !== null && <TextInput label={t('send.sender.label')} value={sender} readOnly />}
      {withSenderName && (
        <TextInput
          label={t('send.senderName.label')}
          placeholder={t('send.senderName.placeholder')}
          value={form.senderName}
          maxLength={SENDER_NAME_MAX_LENGTH}
          autoComplete="name"
          onChange={(event) => form.setSenderName(event.currentTarget.value)}
          disabled={disabled}
        />
      )}
      <TextInput
        label={t('send.title.label')}
        value={form.title}
        maxLength={MAX_SEND_TITLE_LENGTH}
        onChange={(event) => form.setTitle(event.currentTarget.value)}
        disabled={disabled}
      />
      {withMessage && (
        <Textarea
          label={t('send.message.label')}
          placeholder={t('send.message.placeholder')}
          value={form.message}
          maxLength={MAX_SEND_MESSAGE_LENGTH}
          rows={3}
          onChange={(event) => form.setMessage(event.currentTarget.value)}
          disabled={disabled}
        />
      )}
      {status.kind === 'sent' && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          icon={<IconCircleCheck size={20} aria-hidden />}
          title={t('send.sent.title')}
        >
          {t('send.sent.text', { count: status.count })}
        </Alert>
      )}
      {status.kind === 'outbox' && (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('send.outbox.title')}
        >
          {t('send.outbox.text')}
        </Alert>
      )}
      {status.kind === 'failed' && (
        <ErrorAlert title={status.heading === undefined ? describeError(t, status.cause) : t(status.heading)}>
          <Stack gap="xs" align="flex-start">
            {status.heading !== undefined && <span>{describeError(t, status.cause)}</span>}
            {status.retryShareIds !== undefined && onRetry !== undefined && (
              <Button size="xs" variant="light" color="red" onClick={() => onRetry(status.retryShareIds ?? [])}>
                {t('send.retrySend')}
              </Button>
            )}
          </Stack>
        </ErrorAlert>
      )}
    </Stack>
  );
}
