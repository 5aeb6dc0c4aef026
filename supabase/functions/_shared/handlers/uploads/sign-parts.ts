// POST /uploads/{id}/parts: presigned URLs for a batch of an upload's parts, each fixed to its
// part's exact length, so no part can carry more bytes than the upload announced.
import type { SignedParts } from '../../domain/api-types.ts';
import { PART_URL_TTL_SECONDS } from '../../domain/constants.ts';
import { partRange } from '../../domain/part-plan.ts';
import { touchUpload } from '../../files-repo.ts';
import type { RouteHandler } from '../../handler-types.ts';
import { json, readJson } from '../../http.ts';
import { requireStorage } from '../share-common.ts';
import { ownUpload, requireUploading } from './own-upload.ts';
import { parsePartNumbers, requireInPlan } from './upload-input.ts';

export const presignParts: RouteHandler = async (req, ctx, params) => {
  const storage = requireStorage(ctx);
  const numbers = parsePartNumbers(await readJson(req));
  const row = await ownUpload(req, ctx, params);
  const { uploadId, partCount } = requireUploading(row);
  const wanted = [...new Set(numbers)];
  for (const partNumber of wanted) requireInPlan(partNumber, partCount);
  // Every part but the last is partSize: the server's plan, not the caller, sets each length.
  const plan = { partSize: row.partSize ?? 0, partCount };
  const urls = await Promise.all(
    wanted.map(async (partNumber) => {
      const { start, end } = partRange(plan, row.size, partNumber);
      return {
        partNumber,
        url: await storage.presignUploadPart(row.storagePath, uploadId, partNumber, end - start, PART_URL_TTL_SECONDS),
      };
    }),
  );
  await touchUpload(ctx.db, row.id, ctx.now());
  return json<SignedParts>({ urls, expiresInSeconds: PART_URL_TTL_SECONDS });
};
