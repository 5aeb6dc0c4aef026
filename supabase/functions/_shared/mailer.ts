// Sending mail, behind a small interface so the API does not care how a message leaves: SMTP in
// production (smtp-mailer.ts), an outbox folder on a single machine (host/outbox-mailer.ts).

export interface MailMessage {
  to: readonly string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Hands the message on; resolves with the addresses the transport accepted. */
  send(message: MailMessage): Promise<{ accepted: string[] }>;
}
