// What only the uploading device may do: list its files and delete one.
import type { RouteHandler } from '../handler-types.ts';
import type { FileDto, OwnedFiles } from '../domain/api-types.ts';
import { FILE_LIST_LIMIT } from '../domain/constants.ts';
import { isShareId } from '../domain/share-id.ts';
import { fileByShareId, filesByShareIds } from '../files-repo.ts';
import { HttpError, json, noContent, readJson } from '../http.ts';
import { ownerTokenMatches } from '../owner-token.ts';
import {
  hasExpired,
  NOT_FOUND_MESSAGE,
  parseShareId,
  recordEvent,
  removeExpired,
  removeFile,
  requireOwner,
  requireStorage,
  toFileDto,
} from './share-common.ts';

const MAX_TOKEN_LENGTH = 200;

function parseItems(body: Record<string, unknown>): { shareId: string; ownerToken: string }[] {
  const items = body.items;
  if (!Array.isArray(items))
    throw new HttpError(400, 'bad_request', 'items must be a list of { shareId, ownerToken }.');
  if (items.length > FILE_LIST_LIMIT)
    throw new HttpError(400, 'too_many_files', `Ask for at most ${FILE_LIST_LIMIT} files per call.`, {
      max: FILE_LIST_LIMIT,
    });
  return items.map((item: unknown) => {
    const i = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (!isShareId(i.shareId)) throw new HttpError(400, 'bad_request', 'Every item needs a valid shareId.');
    if (typeof i.ownerToken !== 'string' || !i.ownerToken || i.ownerToken.length > MAX_TOKEN_LENGTH) {
      throw new HttpError(400, 'bad_request', 'Every item needs its ownerToken.');
    }
    return { shareId: i.shareId, ownerToken: i.ownerToken };
  });
}

export const lookupFiles: RouteHandler = async (req, ctx) => {
  const items = parseItems(await readJson(req));
  const tokens = new Map(items.map((i) => [i.shareId, i.ownerToken]));
  const rows = await filesByShareIds(ctx.db, [...tokens.keys()]);
  const now = ctx.now();
  const files: FileDto[] = [];
  for (const row of rows) {
    if (!(await ownerTokenMatches(tokens.get(row.shareId), row.ownerTokenHash))) continue;
    if (hasExpired(row, now)) {
      await removeExpired(ctx, row);
      continue;
    }
    files.push(toFileDto(row, ctx.config));
  }
  return json<OwnedFiles>({ files, transfers: [] });
};

export const deleteShare: RouteHandler = async (req, ctx, params) => {
  const shareId = parseShareId(params);
  requireStorage(ctx);
  const row = await fileByShareId(ctx.db, shareId);
  if (!row) throw new HttpError(404, 'file_not_found', NOT_FOUND_MESSAGE);
  await requireOwner(req, row, 'Only the device that uploaded this file can delete it.');
  // Another removal (a takedown, the sweep) claimed it first: gone all the same, as for a second delete.
  if ((await removeFile(ctx, row, { kind: 'any' })) === 'lost')
    throw new HttpError(404, 'file_not_found', NOT_FOUND_MESSAGE);
  await recordEvent(ctx, req, 'file_deleted', { shareId, size: row.size });
  return noContent();
};
