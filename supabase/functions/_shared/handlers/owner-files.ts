// What only the uploading device may do: list its files and transfers, and delete one.
import type { RouteHandler } from '../handler-types.ts';
import type { OwnedFiles } from '../domain/api-types.ts';
import { LOOKUP_MAX_ITEMS } from '../domain/constants.ts';
import { fileByShareId } from '../files-repo.ts';
import { HttpError, json, noContent, readJson } from '../http.ts';
import { transferByShareId } from '../transfers-repo.ts';
import { lookupOwned } from './owned-lookup.ts';
import {
  NOT_FOUND_MESSAGE,
  parseShareId,
  recordEvent,
  removeFile,
  requireOwner,
  requireStorage,
} from './share-common.ts';
import { parseOwnedItem } from './transfer-input.ts';
import { deleteTransfer } from './transfers.ts';

function parseItems(body: Record<string, unknown>): { shareId: string; ownerToken: string }[] {
  const items = body.items;
  if (!Array.isArray(items))
    throw new HttpError(400, 'bad_request', 'items must be a list of { shareId, ownerToken }.');
  if (items.length > LOOKUP_MAX_ITEMS)
    throw new HttpError(400, 'too_many_files', `Ask for at most ${LOOKUP_MAX_ITEMS} files or transfers per call.`, {
      max: LOOKUP_MAX_ITEMS,
    });
  return items.map((item: unknown) => parseOwnedItem(item, 'Every item'));
}

export const lookupFiles: RouteHandler = async (req, ctx) => {
  const items = parseItems(await readJson(req));
  return json<OwnedFiles>(await lookupOwned(ctx, items));
};

export const deleteShare: RouteHandler = async (req, ctx, params) => {
  const shareId = parseShareId(params);
  requireStorage(ctx);
  const transfer = await transferByShareId(ctx.db, shareId);
  if (transfer) return deleteTransfer(req, ctx, transfer);
  const row = await fileByShareId(ctx.db, shareId);
  if (!row) throw new HttpError(404, 'file_not_found', NOT_FOUND_MESSAGE);
  await requireOwner(req, row, 'Only the device that uploaded this file can delete it.');
  // Another removal (a takedown, the sweep) claimed it first: gone all the same, as for a second delete.
  if ((await removeFile(ctx, row, { kind: 'any' })) === 'lost')
    throw new HttpError(404, 'file_not_found', NOT_FOUND_MESSAGE);
  await recordEvent(ctx, req, 'file_deleted', { shareId, size: row.size });
  return noContent();
};
