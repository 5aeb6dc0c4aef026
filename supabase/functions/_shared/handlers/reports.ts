// POST /shares/:shareId/report {reason, text?}: "Report this file" on the download page, of a
// file or of a whole transfer (the admin's takedown of its id takes every file in it down). The
// file must be visible, the transfer not taken down; a visitor (salted hash) may send REPORT_MAX_PER_WINDOW reports per window,
// counted by the shared atomic rate limit (../rate-limit.ts).
import type { RouteHandler } from '../handler-types.ts';
import { REPORT_REASONS, type ReportCreated, type ReportReason } from '../domain/api-types.ts';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_MAX_PER_WINDOW, REPORT_WINDOW_MS } from '../domain/constants.ts';
import { withoutControlCharacters } from '../domain/text.ts';
import { HttpError, json, readJson } from '../http.ts';
import { takeSlot, type RateLimit } from '../rate-limit.ts';
import { visitorOf } from '../visitor.ts';
import { parseShareId, recordEvent } from './share-common.ts';
import type { ApiContext } from '../context.ts';
import { transferByShareId } from '../transfers-repo.ts';
import { visibleShare } from './shares.ts';

/** What a report names: a visible file, or a transfer that was not taken down. */
async function reported(ctx: ApiContext, shareId: string): Promise<{ fileId: string | null; name: string | null }> {
  const transfer = await transferByShareId(ctx.db, shareId);
  if (!transfer) {
    const row = await visibleShare(ctx, shareId);
    return { fileId: row.id, name: row.name };
  }
  if (transfer.takenDownAt) throw new HttpError(410, 'file_removed', 'This transfer was removed by the administrator.');
  return { fileId: null, name: null };
}

function parseReport(body: Record<string, unknown>): { reason: ReportReason; details: string | null } {
  const reason = body.reason;
  if (typeof reason !== 'string' || !(REPORT_REASONS as readonly string[]).includes(reason)) {
    throw new HttpError(400, 'report_reason_invalid', `reason must be one of ${REPORT_REASONS.join(', ')}.`);
  }
  const text = body.text;
  if (text !== undefined && text !== null && typeof text !== 'string')
    throw new HttpError(400, 'bad_request', 'text must be text.');
  // Control characters but newlines and tabs say nothing to the admin; they are dropped.
  const details = withoutControlCharacters(text ?? '').trim();
  if (details.length > REPORT_DETAILS_MAX_LENGTH) {
    throw new HttpError(400, 'text_too_long', `The text may be at most ${REPORT_DETAILS_MAX_LENGTH} characters.`, {
      field: 'text',
      max: REPORT_DETAILS_MAX_LENGTH,
    });
  }
  return { reason: reason as ReportReason, details: details || null };
}

export const reportShare: RouteHandler = async (req, ctx, params) => {
  const shareId = parseShareId(params);
  const { reason, details } = parseReport(await readJson(req, 8 * 1024));
  const row = await reported(ctx, shareId);
  const visitor = await visitorOf(req, ctx);
  const limit: RateLimit = { action: 'report', max: REPORT_MAX_PER_WINDOW, windowMs: REPORT_WINDOW_MS };
  const slot = await takeSlot(ctx.db, limit, visitor, ctx.now());
  if (!slot.ok) {
    throw new HttpError(429, 'rate_limited', 'Too many reports from you. Please try again later.', {
      max: REPORT_MAX_PER_WINDOW,
      retryAfterSeconds: slot.retryAfterSeconds,
    });
  }
  const [accepted] = await ctx.db.query<{ id: string }>(
    `insert into public.reports (share_id, file_id, file_name, reason, details, visitor_hash, created_at)
     values ($1, $2::uuid, $3, $4, $5, $6, $7::timestamptz) returning id`,
    [shareId, row.fileId, row.name, reason, details, visitor, ctx.now().toISOString()],
  );
  if (!accepted) throw new Error('the report was not stored');
  await recordEvent(ctx, req, 'report_created', { shareId, reportId: accepted.id, reason, fileName: row.name });
  return json<ReportCreated>({ id: accepted.id }, 201);
};
