// Sending mail, behind a small interface so the API does not care how a message leaves: SMTP in
// production (smtp-mailer.ts), an outbox folder on a single machine (host/outbox-mailer.ts).

export interface MailMessage {
  to: readonly string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** The From of every message, as the recipients see it (GET /settings shows it to the sender). */
  readonly from: string;
  /** Hands the message on; resolves with the addresses the transport accepted. */
  send(message: MailMessage): Promise<{ accepted: string[] }>;
  /**
   * Deletes the copies of messages handed on before `before`, where the mailer keeps any (the
   * outbox does; SMTP keeps none): the sweep calls it with the logs' retention.
   */
  prune?(before: Date): Promise<void>;
}

/** MAIL_FROM when set, else `{product} <no-reply@{the app's host name}>`. */
export function mailFromOf(mailFrom: string | undefined, productName: string, publicOrigin: string): string {
  return mailFrom?.trim() || `${productName} <no-reply@${new URL(publicOrigin).hostname}>`;
}
