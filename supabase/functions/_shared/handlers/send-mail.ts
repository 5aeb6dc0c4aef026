// POST /send: emails the share links of files and transfers this device uploaded to up to
// MAX_RECIPIENTS people; a transfer is mailed as its one link. Not an open relay: the page names
// only share ids (with their owner tokens) of live files and transfers; the
// server writes the message itself from a fixed template (send-mail-template.ts), limits the
// length of the sender's words, checks every address and rate-limits each visitor, by sends an
// hour and by recipients a day. The slots are taken before any mail goes out (each one atomic),
// so parallel calls cannot send past the limits. With no mail server configured the host writes
// the mail to its outbox folder, and the answer says so (delivery 'outbox'), never that it was sent.
import type { RouteHandler } from '../handler-types.ts';
import type { ApiContext } from '../context.ts';
import type { ApiErrorCode, SendResult } from '../domain/api-types.ts';
import { DAY_MS, FILE_LIST_LIMIT, MAX_RECIPIENTS } from '../domain/constants.ts';
import {
  MAX_SEND_MESSAGE_LENGTH,
  MAX_SEND_TITLE_LENGTH,
  SEND_MAX_PER_WINDOW,
  SEND_WINDOW_MS,
  toSingleLine,
  validateRecipientList,
} from '../domain/recipients.ts';
import { compareByPathThenName } from '../domain/transfer-path.ts';
import { filesByShareIds, filesOfTransfers, type FileRow } from '../files-repo.ts';
import { HttpError, json, readJson } from '../http.ts';
import { ownerTokenMatches } from '../owner-token.ts';
import { releaseSlot, takeSlot, type RateLimit } from '../rate-limit.ts';
import { transfersByShareIds } from '../transfers-repo.ts';
import { visitorOf } from '../visitor.ts';
import { buildShareMail, type MailShares, type SendContent } from './send-mail-template.ts';
import { isVisible, recordEvent } from './share-common.ts';
import { isBase64UrlOf } from './share-access.ts';
import { parseOwnedItem, parseSenderName } from './transfer-input.ts';

export const MAIL_SENT_EVENT = 'mail_sent';

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

/** A file or transfer to mail, owner-checked, and the link key its link carries (an encrypted transfer's). */
interface ItemToMail {
  shareId: string;
  ownerToken: string;
  linkKey?: string;
}

/** A link key as a link's fragment carries it: 32 bytes, 43 canonical base64url characters. */
const LINK_KEY_BYTES = 32;

function parseItems(value: unknown): ItemToMail[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new HttpError(400, 'no_files_selected', 'Please select files first');
  if (value.length > FILE_LIST_LIMIT)
    throw new HttpError(400, 'too_many_files', `Send at most ${FILE_LIST_LIMIT} files at once.`, {
      max: FILE_LIST_LIMIT,
    });
  const items = new Map<string, ItemToMail>();
  for (const item of value as unknown[]) {
    const { shareId, ownerToken } = parseOwnedItem(item, 'Every item');
    const { linkKey } = item as { linkKey?: unknown };
    if (linkKey !== undefined && !isBase64UrlOf(linkKey, LINK_KEY_BYTES)) {
      throw new HttpError(400, 'bad_request', "An item's linkKey must be 43 base64url characters.");
    }
    items.set(shareId, { shareId, ownerToken, ...(linkKey === undefined ? {} : { linkKey }) });
  }
  return [...items.values()];
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

export const SEND_LIMIT: RateLimit = { action: 'send', max: SEND_MAX_PER_WINDOW, windowMs: SEND_WINDOW_MS };

function recipientsLimit(ctx: ApiContext): RateLimit {
  return { action: 'send_recipients', max: ctx.config.limits.mailRecipientsPerDay, windowMs: DAY_MS };
}

/**
 * Takes one slot of the day's recipient limit per recipient, or none: a send that does not fit
 * gives back what it took, and is refused whole.
 */
async function takeRecipientSlots(ctx: ApiContext, visitor: string, count: number): Promise<void> {
  const limit = recipientsLimit(ctx);
  for (let taken = 0; taken < count; taken++) {
    const slot = await takeSlot(ctx.db, limit, visitor, ctx.now());
    if (slot.ok) continue;
    await releaseRecipientSlots(ctx, visitor, taken);
    throw new HttpError(
      429,
      'rate_limited',
      `Too many email recipients from here: at most ${limit.max} a day. Please try again later.`,
      { max: limit.max, retryAfterSeconds: slot.retryAfterSeconds },
    );
  }
}

async function releaseRecipientSlots(ctx: ApiContext, visitor: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await releaseSlot(ctx.db, recipientsLimit(ctx), visitor);
}

export const sendMail: RouteHandler = async (req, ctx) => {
  const mailer = ctx.mailer;
  if (!mailer) throw new HttpError(503, 'mail_unavailable', 'Sending email is not set up on this server.');
  const body = await readJson(req);

  if (!Array.isArray(body.recipients)) throw recipientError('none');
  const checked = validateRecipientList(body.recipients as unknown[]);
  if (!checked.ok) throw recipientError(checked.problem);
  const items = parseItems(body.items);
  const content: SendContent = {
    senderName: parseSenderName(body.senderName) ?? '',
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
  let recipientsTaken = 0;
  try {
    await takeRecipientSlots(ctx, visitor, checked.recipients.length);
    recipientsTaken = checked.recipients.length;
    return await sendReserved(req, ctx, mailer, items, checked.recipients, content);
  } catch (error) {
    // Nothing went out: the reserved send and recipients are given back.
    await releaseSlot(ctx.db, SEND_LIMIT, visitor);
    await releaseRecipientSlots(ctx, visitor, recipientsTaken);
    throw error;
  }
};

const missing = () =>
  new HttpError(404, 'file_not_found', 'One of the files was not found or has expired. Upload it again.');
const notOwner = () => new HttpError(403, 'not_owner', 'Only the device that uploaded a file can email its link.');

/** The files and transfers the items name, each checked against its owner token and still live. */
async function sharesOf(ctx: ApiContext, items: ItemToMail[]): Promise<MailShares> {
  const ids = items.map((i) => i.shareId);
  const rows = new Map((await filesByShareIds(ctx.db, ids)).map((r) => [r.shareId, r]));
  const transfers = new Map((await transfersByShareIds(ctx.db, ids)).map((t) => [t.shareId, t]));
  const now = ctx.now();
  const linkKeys = new Map(
    items.flatMap((item): [string, string][] => (item.linkKey === undefined ? [] : [[item.shareId, item.linkKey]])),
  );
  const shares = { files: [] as FileRow[], transfers: [] as { shareId: string; files: FileRow[] }[], linkKeys };
  for (const item of items) {
    const transfer = transfers.get(item.shareId);
    if (transfer) {
      if (transfer.takenDownAt) throw missing();
      if (!(await ownerTokenMatches(item.ownerToken, transfer.ownerTokenHash))) throw notOwner();
      const files = (await filesOfTransfers(ctx.db, [transfer.id])).filter((f) => isVisible(f, now));
      if (files.length === 0) throw missing();
      shares.transfers.push({ shareId: transfer.shareId, files: files.sort(compareByPathThenName) });
      continue;
    }
    const row = rows.get(item.shareId);
    if (!row || !isVisible(row, now)) throw missing();
    if (!(await ownerTokenMatches(item.ownerToken, row.ownerTokenHash))) throw notOwner();
    shares.files.push(row);
  }
  return shares;
}

async function sendReserved(
  req: Request,
  ctx: ApiContext,
  mailer: NonNullable<ApiContext['mailer']>,
  items: ItemToMail[],
  recipients: string[],
  content: SendContent,
): Promise<Response> {
  const shares = await sharesOf(ctx, items);
  const message = buildShareMail(ctx, recipients, shares, content);
  let accepted: string[];
  try {
    ({ accepted } = await mailer.send(message));
  } catch (error) {
    ctx.log.error(`Sending mail failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new HttpError(502, 'mail_failed', 'The email could not be sent. Please try again later.');
  }
  // Counts only: the log never keeps the recipients' addresses.
  const files = shares.files.length + shares.transfers.reduce((n, t) => n + t.files.length, 0);
  await recordEvent(ctx, req, MAIL_SENT_EVENT, { recipients: recipients.length, files });
  // Written to the outbox only: nobody received it, and the page must not say it was sent.
  return json<SendResult>({ accepted, delivery: ctx.mailTransport === 'outbox' ? 'outbox' : 'sent' });
}
