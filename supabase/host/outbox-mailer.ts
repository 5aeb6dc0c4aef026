// The one-machine mailer when no SMTP_URL is set: every message is rendered by nodemailer exactly
// as it would go over SMTP and written to <DATA_DIR>/outbox/ as an .eml file (open it with any
// mail program), so `npm start` sends real, inspectable mail with no account anywhere. The files
// hold the recipients' addresses, so the sweep deletes them with the logs (prune).
import { randomUUID } from 'node:crypto';
import { mkdir, opendir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from '../functions/_shared/mailer.ts';
import { nodemailerMessage } from '../functions/_shared/smtp-mailer.ts';

export function createOutboxMailer(outboxDir: string, from: string, log: (message: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    from,
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(from, message));
      await mkdir(outboxDir, { recursive: true });
      // Time first, so a folder listing is in sending order.
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      // Written aside, then renamed: a mail program (or a test) reading the folder never opens a
      // message half written.
      const writing = `${file}.writing`;
      await writeFile(writing, info.message as Buffer);
      await rename(writing, file);
      log(`Mail to ${message.to.length} recipient(s) written to ${file} (set SMTP_URL to send it for real).`);
      return { accepted: [...message.to] };
    },
    async prune(before) {
      let dir;
      try {
        dir = await opendir(outboxDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // nothing sent yet
        throw error;
      }
      // Read as a stream: the folder may hold a month of mail.
      for await (const entry of dir) {
        // A message left half written by a crash holds addresses too.
        if (!entry.isFile() || !/\.eml(\.writing)?$/.test(entry.name)) continue;
        const file = path.join(outboxDir, entry.name);
        try {
          if ((await stat(file)).mtime < before) await unlink(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    },
  };
}
