import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localFailure } from '@/lib/api/failure';
import { useSendRecipients } from './use-send-recipients';
import type { SendRecipients } from './use-send-recipients';

export type SendStatus =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'sent'; count: number }
  /** The server has no mail service: the mail was only written to its outbox, nobody got it. */
  | { kind: 'outbox' }
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
  /** The sender's name, optional: the recipient's page and the mail show it as theirs. */
  senderName: string;
  setSenderName: (value: string) => void;
  status: SendStatus;
  setStatus: (status: SendStatus) => void;
  /**
   * The recipients to send to. An address typed but not yet added counts (if it passes the rules);
   * with none, the status says 'Please add at least one email address' and the answer is null.
   */
  recipientsForSend: () => readonly string[] | null;
}

/** The status a send's answer deserves: 'sent' only when a mail server took the mail. */
export function sendOutcome(result: { accepted: readonly string[]; delivery?: 'sent' | 'outbox' }): SendStatus {
  return result.delivery === 'outbox' ? { kind: 'outbox' } : { kind: 'sent', count: result.accepted.length };
}

/** State of a send: who, title, the sender's name and message, and how the last attempt went. */
export function useSendForm(defaultTitle?: string): SendForm {
  const { t } = useTranslation();
  const recipients = useSendRecipients();
  // null = not edited, so the default follows a language switch.
  const [title, setTitle] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [senderName, setSenderName] = useState('');
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
    senderName,
    setSenderName,
    status,
    setStatus,
    recipientsForSend,
  };
}
