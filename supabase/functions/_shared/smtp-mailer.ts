// The production mailer: SMTP given by SMTP_URL (smtp://user:pass@host:587 or smtps://...:465),
// sent From MAIL_FROM. Used by the Edge Function, and by the Node host when SMTP_URL is set.
import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.ts';

/** Our message as nodemailer takes it; the outbox mailer renders the very same. */
export function nodemailerMessage(from: string, message: MailMessage) {
  return { from, to: [...message.to], subject: message.subject, text: message.text, html: message.html };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    from,
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(from, message));
      return {
        accepted: (info.accepted as (string | { address: string })[]).map((a) =>
          typeof a === 'string' ? a : a.address,
        ),
      };
    },
  };
}
