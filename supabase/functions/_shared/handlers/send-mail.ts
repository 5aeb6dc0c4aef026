// POST /send: emails the share links of files this device uploaded to up to MAX_RECIPIENTS people.
// Not an open relay: the page names only share ids (with their owner tokens); the server writes
// the message itself from what it knows about those files, escapes the person's title and message,
// limits their length, checks every address and rate-limits each visitor: a send is reserved
// before any mail goes out (one atomic step), so parallel calls cannot send past the limit.
import type { RouteHandler } from '../api.ts';
import type { ApiContext } from '../context.ts';
import type { ApiErrorCode, SendResult } from '../domain/api-types.ts';
import { FILE_LIST_LIMIT, MAX_RECIPIENTS, RETENTION_DAYS, DAY_MS } from '../domain/constants.ts';
import {
  MAX_SEND_MESSAGE_LENGTH,
  MAX_SEND_TITLE_LENGTH,
  SEND_MAX_PER_WINDOW,
  SEND_WINDOW_MS,
  toSingleLine,
  validateRecipientList,
} from '../domain/recipients.ts';
import { isShareId } from '../domain/share-id.ts';
import { filesByShareIds, type FileRow } from '../files-repo.ts';
import { HttpError, json, readJson } from '../http.ts';
import type { MailMessage } from '../mailer.ts';
import { ownerTokenMatches } from '../owner-token.ts';
import { releaseSlot, takeSlot, type RateLimit } from '../rate-limit.ts';
import { visitorOf } from '../visitor.ts';
import { hasExpired, recordEvent, shareUrl } from './share-common.ts';

export const MAIL_SENT_EVENT = 'mail_sent';
const MAX_TOKEN_LENGTH = 200;

type MailLanguage = 'en' | 'tr';

const RECIPIENT_ERRORS = {
  none: ['recipients_none', 'Please add at least one email address'],
  full: ['recipients_too_many', `Add at most ${MAX_RECIPIENTS} email addresses.`],
  invalid: ['recipient_invalid', 'Every recipient must be a valid email address.'],
  empty: ['recipient_invalid', 'Every recipient must be a valid email address.'],
  duplicate: ['recipient_duplicate', 'Each email address may appear only once.'],
} as const satisfies Record<string, readonly [ApiErrorCode, string]>;

function recipientError(problem: keyof typeof RECIPIENT_ERRORS): HttpError {
  const [code, message] = RECIPIENT_ERRORS[problem];
  return new HttpError(400, code, message, problem === 'full' ? { max: MAX_RECIPIENTS } : undefined);
}

/** The mail's wording, in the sender's language (the recipients most likely share it). */
const TEXTS: Record<
  MailLanguage,
  {
    locale: string;
    defaultTitle: string;
    intro: (product: string, count: number) => string;
    expiry: (date: string, days: number) => string;
    footer: (product: string) => string;
  }
> = {
  en: {
    locale: 'en-GB',
    defaultTitle: 'Shared file',
    intro: (product, count) =>
      count === 1 ? `A file was shared with you on ${product}:` : `${count} files were shared with you on ${product}:`,
    expiry: (date, days) =>
      `These links expire on ${date} (${days === 1 ? '1 day' : `${days} days`} after upload). The files are then deleted automatically and cannot be recovered, so download them before then.`,
    footer: (product) =>
      `Sent by ${product} because someone entered your address when sharing files. ${product} does not keep your address.`,
  },
  tr: {
    locale: 'tr-TR',
    defaultTitle: 'Paylaşılan dosya',
    intro: (product, count) =>
      count === 1
        ? `${product} üzerinden sizinle bir dosya paylaşıldı:`
        : `${product} üzerinden sizinle ${count} dosya paylaşıldı:`,
    expiry: (date, days) =>
      `Bu bağlantıların süresi ${date} tarihinde dolar (yüklemeden ${days} gün sonra). Dosyalar ardından otomatik olarak silinir ve geri getirilemez; lütfen o zamana kadar indirin.`,
    footer: (product) =>
      `Bu e-posta, biri dosya paylaşırken adresinizi girdiği için ${product} tarafından gönderildi. ${product} adresinizi saklamaz.`,
  },
};

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function parseItems(value: unknown): { shareId: string; ownerToken: string }[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new HttpError(400, 'no_files_selected', 'Please select files first');
  if (value.length > FILE_LIST_LIMIT)
    throw new HttpError(400, 'too_many_files', `Send at most ${FILE_LIST_LIMIT} files at once.`, {
      max: FILE_LIST_LIMIT,
    });
  const items = new Map<string, string>();
  for (const item of value as unknown[]) {
    const i = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (!isShareId(i.shareId)) throw new HttpError(400, 'bad_request', 'Every item needs a valid shareId.');
    if (typeof i.ownerToken !== 'string' || !i.ownerToken || i.ownerToken.length > MAX_TOKEN_LENGTH) {
      throw new HttpError(400, 'bad_request', 'Every item needs its ownerToken.');
    }
    items.set(i.shareId, i.ownerToken);
  }
  return [...items].map(([shareId, ownerToken]) => ({ shareId, ownerToken }));
}

function optionalText(value: unknown, name: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new HttpError(400, 'bad_request', `The ${name} must be text.`);
  const text = value.trim();
  if (text.length > max)
    throw new HttpError(400, 'text_too_long', `The ${name} may be at most ${max} characters.`, { field: name, max });
  return text;
}

function validTimeZone(value: unknown): string {
  if (typeof value !== 'string' || value.length > 64) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return 'UTC';
  }
}

export interface SendContent {
  title: string;
  message: string;
  language: MailLanguage;
  timeZone: string;
}

/** The mail, written by the server from the files' own names and links. */
export function buildShareMail(
  ctx: Pick<ApiContext, 'config'>,
  recipients: readonly string[],
  files: readonly FileRow[],
  content: SendContent,
): MailMessage {
  const texts = TEXTS[content.language];
  const product = ctx.config.productName;
  const subject = content.title || texts.defaultTitle;
  // The first link to expire. Its window was the retention setting when it was uploaded, which
  // the admin may have changed since, so the days said are its own, not today's setting.
  let first: { expiresAt: Date; from: Date } | null = null;
  for (const f of files) {
    if (f.expiresAt && (!first || f.expiresAt < first.expiresAt)) {
      first = { expiresAt: f.expiresAt, from: f.completedAt ?? f.createdAt };
    }
  }
  const expiresAt = first?.expiresAt ?? null;
  const days = first
    ? Math.max(1, Math.round((first.expiresAt.getTime() - first.from.getTime()) / DAY_MS))
    : RETENTION_DAYS;
  const date = expiresAt
    ? new Intl.DateTimeFormat(texts.locale, {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: content.timeZone,
      }).format(expiresAt) + (content.timeZone === 'UTC' ? ' UTC' : '')
    : null;
  const links = files.map((f) => ({ name: f.name, url: shareUrl(ctx.config, f.shareId) }));

  const text = [
    ...(content.message ? [content.message, ''] : []),
    texts.intro(product, files.length),
    '',
    ...links.flatMap((l) => [`- ${l.name}`, `  ${l.url}`]),
    '',
    ...(date ? [texts.expiry(date, days), ''] : []),
    '--',
    texts.footer(product),
  ].join('\n');

  const html = `<!doctype html>
<html lang="${content.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1b1e">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${content.message ? `<p style="white-space:pre-wrap">${escapeHtml(content.message)}</p>` : ''}
<p>${escapeHtml(texts.intro(product, files.length))}</p>
<ul>
${links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.name)}</a><br><span style="color:#555">${escapeHtml(l.url)}</span></li>`).join('\n')}
</ul>
${date ? `<p style="color:#b45309"><strong>${escapeHtml(texts.expiry(date, days))}</strong></p>` : ''}
<hr><p style="font-size:12px;color:#666">${escapeHtml(texts.footer(product))}</p>
</body></html>`;

  return { to: recipients, subject, text, html };
}

export const SEND_LIMIT: RateLimit = { action: 'send', max: SEND_MAX_PER_WINDOW, windowMs: SEND_WINDOW_MS };

export const sendMail: RouteHandler = async (req, ctx) => {
  const mailer = ctx.mailer;
  if (!mailer) throw new HttpError(503, 'mail_unavailable', 'Sending email is not set up on this server.');
  const body = await readJson(req);

  if (!Array.isArray(body.recipients)) throw recipientError('none');
  const checked = validateRecipientList(body.recipients as unknown[]);
  if (!checked.ok) throw recipientError(checked.problem);
  const items = parseItems(body.items);
  const content: SendContent = {
    title: toSingleLine(optionalText(body.title, 'title', MAX_SEND_TITLE_LENGTH)),
    message: optionalText(body.message, 'message', MAX_SEND_MESSAGE_LENGTH),
    language: body.language === 'tr' ? 'tr' : 'en',
    timeZone: validTimeZone(body.timeZone),
  };

  const visitor = await visitorOf(req, ctx);
  const slot = await takeSlot(ctx.db, SEND_LIMIT, visitor, ctx.now());
  if (!slot.ok) {
    throw new HttpError(429, 'rate_limited', 'Too many emails sent from here. Please try again in an hour.', {
      retryAfterSeconds: slot.retryAfterSeconds,
    });
  }
  try {
    return await sendReserved(req, ctx, mailer, items, checked.recipients, content);
  } catch (error) {
    // Nothing went out: the reserved send is given back.
    await releaseSlot(ctx.db, SEND_LIMIT, visitor);
    throw error;
  }
};

async function sendReserved(
  req: Request,
  ctx: ApiContext,
  mailer: NonNullable<ApiContext['mailer']>,
  items: { shareId: string; ownerToken: string }[],
  recipients: string[],
  content: SendContent,
): Promise<Response> {
  const rows = new Map(
    (
      await filesByShareIds(
        ctx.db,
        items.map((i) => i.shareId),
      )
    ).map((r) => [r.shareId, r]),
  );
  const now = ctx.now();
  const files: FileRow[] = [];
  for (const item of items) {
    const row = rows.get(item.shareId);
    if (!row || row.uploadState !== 'complete' || hasExpired(row, now)) {
      throw new HttpError(404, 'file_not_found', 'One of the files was not found or has expired. Upload it again.');
    }
    if (!(await ownerTokenMatches(item.ownerToken, row.ownerTokenHash))) {
      throw new HttpError(403, 'not_owner', 'Only the device that uploaded a file can email its link.');
    }
    files.push(row);
  }

  const message = buildShareMail(ctx, recipients, files, content);
  let accepted: string[];
  try {
    ({ accepted } = await mailer.send(message));
  } catch (error) {
    ctx.log.error(`Sending mail failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new HttpError(502, 'mail_failed', 'The email could not be sent. Please try again later.');
  }
  // Counts only: the log never keeps the recipients' addresses.
  await recordEvent(ctx, req, MAIL_SENT_EVENT, { recipients: recipients.length, files: files.length });
  return json<SendResult>({ accepted });
}
