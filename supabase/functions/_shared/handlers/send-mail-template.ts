// The mail POST /send writes: a fixed template in the sender's language. Mail from the operator's
// domain is trusted by its readers, so nothing a sender types may pose as the product: the subject
// is ours (the product and the number of files), the only links are the shares' own (built here
// from their ids), and the sender's name, title and message appear once, quoted and labelled as the
// sender's words, with anything a mail program would turn into a link taken out. A transfer is one
// link, with its number of files and total size.
import type { ApiContext } from '../context.ts';
import { DAY_MS, RETENTION_DAYS } from '../domain/constants.ts';
import { formatBytes } from '../domain/format-bytes.ts';
import type { FileRow } from '../files-repo.ts';
import type { MailMessage } from '../mailer.ts';
import { shareUrl } from './share-common.ts';

export type MailLanguage = 'en' | 'tr';

export interface SendContent {
  /** The name the sender gave ('' for none). */
  senderName: string;
  title: string;
  message: string;
  language: MailLanguage;
  timeZone: string;
}

/** The mail's wording, in the sender's language (the recipients most likely share it). */
const TEXTS: Record<
  MailLanguage,
  {
    locale: string;
    subject: (product: string, count: number) => string;
    intro: (product: string, count: number) => string;
    senderWords: (product: string) => string;
    senderName: (name: string) => string;
    transfer: (count: number, size: string) => string;
    linkRemoved: string;
    expiry: (date: string, days: number) => string;
    footer: (product: string, keptDays: number) => string;
  }
> = {
  en: {
    locale: 'en-GB',
    subject: (product, count) =>
      count === 1 ? `${product}: a file was shared with you` : `${product}: ${count} files were shared with you`,
    intro: (product, count) =>
      count === 1 ? `A file was shared with you on ${product}:` : `${count} files were shared with you on ${product}:`,
    senderWords: (product) => `The person who shared them wrote this (not checked by ${product}):`,
    senderName: (name) => `Name they gave: ${name}`,
    transfer: (count, size) => `${count === 1 ? '1 file' : `${count} files`}, ${size}`,
    linkRemoved: '[link removed]',
    expiry: (date, days) =>
      `These links expire on ${date} (${days === 1 ? '1 day' : `${days} days`} after upload). The files are then deleted automatically and cannot be recovered, so download them before then.`,
    footer: (product, keptDays) =>
      `Sent by ${product} because someone entered your address when sharing files. ${product} adds your address to no list and keeps it on its server for at most ${keptDays === 1 ? '1 day' : `${keptDays} days`}.`,
  },
  tr: {
    locale: 'tr-TR',
    subject: (product, count) =>
      count === 1 ? `${product}: sizinle bir dosya paylaşıldı` : `${product}: sizinle ${count} dosya paylaşıldı`,
    intro: (product, count) =>
      count === 1
        ? `${product} üzerinden sizinle bir dosya paylaşıldı:`
        : `${product} üzerinden sizinle ${count} dosya paylaşıldı:`,
    senderWords: (product) => `Dosyaları paylaşan kişi şunu yazdı (${product} tarafından denetlenmedi):`,
    senderName: (name) => `Verdiği ad: ${name}`,
    transfer: (count, size) => `${count} dosya, ${size}`,
    linkRemoved: '[bağlantı kaldırıldı]',
    expiry: (date, days) =>
      `Bu bağlantıların süresi ${date} tarihinde dolar (yüklemeden ${days} gün sonra). Dosyalar ardından otomatik olarak silinir ve geri getirilemez; lütfen o zamana kadar indirin.`,
    footer: (product, keptDays) =>
      `Bu e-posta, biri dosya paylaşırken adresinizi girdiği için ${product} tarafından gönderildi. ${product} adresinizi hiçbir listeye eklemez ve sunucusunda en fazla ${keptDays} gün saklar.`,
  },
};

/**
 * What mail programs turn into links: anything with a scheme, www., and host names under the
 * common top-level domains (a file name such as report.pdf is left alone).
 */
const LINK_LIKE = new RegExp(
  [
    String.raw`\b[a-z][a-z0-9+.-]*:\/\/\S*`,
    String.raw`\b(?:mailto|javascript|data|vbscript|tel|sms):\S*`,
    String.raw`\bwww\.\S*`,
    String.raw`\b(?:[a-z0-9-]+\.)+(?:com|net|org|info|biz|io|co|me|app|dev|xyz|top|online|site|link|click|live|shop|ru|cn|tk|ml|ga|cf|gq|tr|de|uk|us|eu|fr|nl|ly|gl|to)\b(?:\/\S*)?`,
  ].join('|'),
  'gi',
);

/** The text with every link-like part replaced by `replacement`. */
export function withoutLinks(text: string, replacement: string): string {
  return text.replace(LINK_LIKE, replacement);
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The first link to expire, and the days of its own window (the setting may have changed since). */
function firstExpiry(files: readonly FileRow[]): { expiresAt: Date; days: number } | null {
  let first: { expiresAt: Date; from: Date } | null = null;
  for (const f of files) {
    if (f.expiresAt && (!first || f.expiresAt < first.expiresAt)) {
      first = { expiresAt: f.expiresAt, from: f.completedAt ?? f.createdAt };
    }
  }
  if (!first) return null;
  const days = Math.max(1, Math.round((first.expiresAt.getTime() - first.from.getTime()) / DAY_MS));
  return { expiresAt: first.expiresAt, days };
}

/** What one mail shares: files on their own, and transfers (one link each, for all their files). */
export interface MailShares {
  files: readonly FileRow[];
  transfers: readonly { shareId: string; files: readonly FileRow[] }[];
  /** The link keys the sender gave, by share id: those links carry theirs as the fragment. */
  linkKeys?: ReadonlyMap<string, string>;
}

/** The mail, written by the server from the files' own names and links. */
export function buildShareMail(
  ctx: Pick<ApiContext, 'config'>,
  recipients: readonly string[],
  shares: MailShares,
  content: SendContent,
): MailMessage {
  const texts = TEXTS[content.language];
  const product = ctx.config.productName;
  const keptDays = Math.max(1, Math.round(ctx.config.limits.logRetentionMs / DAY_MS));
  const plain = (value: string) => withoutLinks(value, texts.linkRemoved);
  const files = [...shares.files, ...shares.transfers.flatMap((t) => t.files)];
  const subject = texts.subject(product, files.length);
  const expiry = firstExpiry(files);
  const date = expiry
    ? new Intl.DateTimeFormat(texts.locale, {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: content.timeZone,
      }).format(expiry.expiresAt) + (content.timeZone === 'UTC' ? ' UTC' : '')
    : null;
  const expiryText = date ? texts.expiry(date, expiry?.days ?? RETENTION_DAYS) : null;
  const link = (shareId: string) => {
    const key = shares.linkKeys?.get(shareId);
    return key === undefined ? shareUrl(ctx.config, shareId) : `${shareUrl(ctx.config, shareId)}#${key}`;
  };
  const links = [
    ...shares.transfers.map((t) => ({
      name: texts.transfer(
        t.files.length,
        formatBytes(
          t.files.reduce((sum, f) => sum + f.size, 0),
          content.language,
        ),
      ),
      url: link(t.shareId),
    })),
    ...shares.files.map((f) => ({ name: plain(f.name), url: link(f.shareId) })),
  ];
  const senderName = content.senderName ? texts.senderName(plain(content.senderName)) : '';
  const title = plain(content.title);
  const message = plain(content.message);
  const quoted = [senderName, title, message].filter((part) => part !== '');

  const text = [
    texts.intro(product, files.length),
    '',
    ...links.flatMap((l) => [`- ${l.name}`, `  ${l.url}`]),
    '',
    ...(expiryText ? [expiryText, ''] : []),
    ...(quoted.length > 0
      ? [
          texts.senderWords(product),
          ...quoted
            .join('\n\n')
            .split('\n')
            .map((line) => (line ? `> ${line}` : '>')),
          '',
        ]
      : []),
    '--',
    texts.footer(product, keptDays),
  ].join('\n');

  const html = `<!doctype html>
<html lang="${content.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1b1e">
<p>${escapeHtml(texts.intro(product, files.length))}</p>
<ul>
${links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.name)}</a><br><span style="color:#555">${escapeHtml(l.url)}</span></li>`).join('\n')}
</ul>
${expiryText ? `<p style="color:#b45309"><strong>${escapeHtml(expiryText)}</strong></p>` : ''}
${
  quoted.length > 0
    ? `<p style="color:#555">${escapeHtml(texts.senderWords(product))}</p>
<blockquote style="margin:0 0 16px;padding:4px 12px;border-left:3px solid #adb5bd;color:#343a40">
${senderName ? `<p>${escapeHtml(senderName)}</p>` : ''}
${title ? `<p><strong>${escapeHtml(title)}</strong></p>` : ''}
${message ? `<p style="white-space:pre-wrap">${escapeHtml(message)}</p>` : ''}
</blockquote>`
    : ''
}
<hr><p style="font-size:12px;color:#666">${escapeHtml(texts.footer(product, keptDays))}</p>
</body></html>`;

  return { to: recipients, subject, text, html };
}
