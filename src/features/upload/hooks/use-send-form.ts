import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendRecipients } from './use-send-recipients';
import type { SendRecipients } from './use-send-recipients';

export type SendStatus =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'sent'; count: number }
  /** `retryShareIds`: the files did upload, only the mail failed; a retry sends them again. */
  | { kind: 'failed'; error: string; detail?: string; retryShareIds?: readonly string[] };

export interface SendForm {
  recipients: SendRecipients;
  /** The title as shown: the translated default until the person types their own. */
  title: string;
  setTitle: (value: string) => void;
  message: string;
  setMessage: (value: string) => void;
  status: SendStatus;
  setStatus: (status: SendStatus) => void;
}

/** State of a send: who, title and message, and how the last attempt went. */
export function useSendForm(defaultTitle?: string): SendForm {
  const { t } = useTranslation();
  const recipients = useSendRecipients();
  // null = not edited, so the default follows a language switch.
  const [title, setTitle] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<SendStatus>({ kind: 'idle' });
  return {
    recipients,
    title: title ?? defaultTitle ?? t('send.defaultTitle'),
    setTitle,
    message,
    setMessage,
    status,
    setStatus,
  };
}
