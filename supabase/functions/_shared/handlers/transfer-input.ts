// What a caller sends about transfers, checked before anything is stored: a file's folder path,
// the transfer a file joins (its share id and owner token), and the sender's own words.
import type { ApiContext } from '../context.ts';
import { PATH_MAX_LENGTH, SENDER_NAME_MAX_LENGTH, TRANSFER_MESSAGE_MAX_LENGTH } from '../domain/constants.ts';
import { neutralizeBidi } from '../domain/file-name.ts';
import { toSingleLine } from '../domain/recipients.ts';
import { isShareId } from '../domain/share-id.ts';
import { withoutControlCharacters } from '../domain/text.ts';
import { pathProblem } from '../domain/transfer-path.ts';
import { HttpError } from '../http.ts';
import { ownerTokenMatches } from '../owner-token.ts';
import { transferByShareId, type TransferRow } from '../transfers-repo.ts';
import { transferNotFound } from './uploads/upload-quotas.ts';

/** Longest owner token read (ours are 43 characters); a longer one is refused unread. */
export const MAX_TOKEN_LENGTH = 200;

/** A file's folder inside its transfer; absent or null is the top level. Never repaired: refused. */
export function parsePath(value: unknown): string {
  if (value === undefined || value === null) return '';
  const problem = pathProblem(value);
  if (problem === null) return value as string;
  throw new HttpError(
    400,
    'invalid_path',
    `The folder path is not allowed (${problem.replace(/_/g, ' ')}): it must be relative, '/'-separated, without '.' or '..' folders, backslashes or control characters, at most ${PATH_MAX_LENGTH} characters.`,
    { max: PATH_MAX_LENGTH },
  );
}

/** A { shareId, ownerToken } pair of a request body, or a 400 naming `what`. */
export function parseOwnedItem(value: unknown, what: string): { shareId: string; ownerToken: string } {
  const i = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (!isShareId(i.shareId)) throw new HttpError(400, 'bad_request', `${what} needs a valid shareId.`);
  if (typeof i.ownerToken !== 'string' || !i.ownerToken || i.ownerToken.length > MAX_TOKEN_LENGTH) {
    throw new HttpError(400, 'bad_request', `${what} needs its ownerToken.`);
  }
  return { shareId: i.shareId, ownerToken: i.ownerToken };
}

/**
 * The transfer a new file joins (POST /uploads' `transfer`), once its owner token matched; null
 * when the body names none. 404 when it is gone or taken down, 403 for a wrong token.
 */
export async function transferToJoin(ctx: ApiContext, value: unknown): Promise<TransferRow | null> {
  if (value === undefined || value === null) return null;
  const { shareId, ownerToken } = parseOwnedItem(value, 'The transfer');
  const transfer = await transferByShareId(ctx.db, shareId);
  if (!transfer || transfer.takenDownAt) throw transferNotFound();
  if (!(await ownerTokenMatches(ownerToken, transfer.ownerTokenHash))) {
    throw new HttpError(403, 'not_owner', 'Only the device that created this transfer can add files to it.');
  }
  return transfer;
}

/** Optional text of at most `max` characters, trimmed; '' when absent. */
function optionalText(value: unknown, field: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new HttpError(400, 'bad_request', `The ${field} must be text.`);
  const text = value.trim();
  if (text.length > max)
    throw new HttpError(400, 'text_too_long', `The ${field} may be at most ${max} characters.`, { field, max });
  return text;
}

/** The sender's name: one line, no disguising bidirectional controls; null when empty. */
export function parseSenderName(value: unknown): string | null {
  return toSingleLine(neutralizeBidi(optionalText(value, 'senderName', SENDER_NAME_MAX_LENGTH))) || null;
}

/** The transfer's message: lines kept, other control characters dropped; null when empty. */
export function parseTransferMessage(value: unknown): string | null {
  return withoutControlCharacters(optionalText(value, 'message', TRANSFER_MESSAGE_MAX_LENGTH)).trim() || null;
}
