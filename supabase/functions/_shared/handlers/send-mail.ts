// POST /send: emails the share links of files this device uploaded to up to MAX_RECIPIENTS people.
// Not an open relay: the page names only share ids (with their owner tokens) of live files; the
// server writes the message itself from a fixed template (send-mail-template.ts), limits the
// length of the sender's words, checks every address and rate-limits each visitor, by sends an
// hour and by recipients a day. The slots are taken before any mail goes out (each one atomic),
// so parallel calls cannot send past the limits.
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
import { isShareId } from '../domain/share-id.ts';
import { filesByShareIds, type FileRow } from '../files-repo.ts';
import { HttpError, json, readJson } from '../http.ts';
import { ownerTokenMatches } from '../owner-token.ts';
import { releaseSlot, takeSlot, type RateLimit } from '../rate-limit.ts';
import { visitorOf } from '../visitor.ts';
import { buildShareMail, type SendContent } from './send-mail-template.ts';
import { isVisible, recordEvent } from './share-common.ts';

export const MAIL_SENT_EVENT = 'mail_sent';
const MAX_TOKEN_LENGTH = 200;

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
    if (!row || !isVisible(row, now)) {
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
  return json<SendResult>({ accepted, delivery: ctx.mailTransport === 'outbox' ? 'outbox' : 'sent' });
}
