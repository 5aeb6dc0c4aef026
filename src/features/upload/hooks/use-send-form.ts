import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localFailure } from '@/lib/api/failure';
import { useSendRecipients } from './use-send-recipients';
import type { SendRecipients } from './use-send-recipients';

export type SendStatus =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'sent'; count: number }
  /**
   * `cause` says why (describeError). `heading`, when given, names what failed above it.
   * `retryShareIds`: the files did upload, only the mail failed; a retry sends them again.
   */
  | {
      kind: 'failed';
      cause: unknown;
      heading?: 'send.failed' | 'send.modal.failed';
      retryShareIds?: readonly string[];
    };

export interface SendForm {
  recipients: SendRecipients;
  /** The title as shown: the translated default until the person types their own. */
  title: string;
  setTitle: (value: string) => void;
  message: string;
  setMessage: (value: string) => void;
  status: SendStatus;
  setStatus: (status: SendStatus) => void;
  /**
   * The recipients to send to. An address typed but not yet added counts (if it passes the rules);
   * with none, the status says 'Please add at least one email address' and the answer is null.
   */
  recipientsForSend: () => readonly string[] | null;
}

/** State of a send: who, title and message, and how the last attempt went. */
export function useSendForm(defaultTitle?: string): SendForm {
  const { t } = useTranslation();
  const recipients = useSendRecipients();
  // null = not edited, so the default follows a language switch.
  const [title, setTitle] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<SendStatus>({ kind: 'idle' });
  const recipientsForSend = () => {
    if (recipients.recipients.length > 0) return recipients.recipients;
    const added = recipients.draft.trim() === '' ? null : recipients.add();
    if (added === null) setStatus({ kind: 'failed', cause: localFailure('recipients_none', 'No recipient.') });
    return added;
  };
  return {
    recipients,
    title: title ?? defaultTitle ?? t('send.defaultTitle'),
    setTitle,
    message,
    setMessage,
    status,
    setStatus,
    recipientsForSend,
  };
}
