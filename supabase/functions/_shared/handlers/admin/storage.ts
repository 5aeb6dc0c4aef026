// GET /admin/storage: what the bucket holds (from the files table, which describes every object),
// the uploads not finished, what the bucket itself reports open, and the largest files.
import type { AdminRouteHandler } from '../../handler-types.ts';
import type { StorageDto } from '../../domain/admin-api-types.ts';
import { json } from '../../http.ts';
import { FILE_COLUMNS, toAdminFile } from './files.ts';

const LARGEST = 10;

export const storageOverview: AdminRouteHandler = async (_req, ctx) => {
  const [counts] = await ctx.db.query<Record<string, unknown>>(
    `select count(*) filter (where upload_state = 'complete')::int as objects,
            coalesce(sum(size) filter (where upload_state = 'complete'), 0)::bigint as bytes,
            count(*) filter (where upload_state = 'uploading')::int as unfinished,
            coalesce(sum(size) filter (where upload_state = 'uploading'), 0)::bigint as unfinished_bytes
     from public.files`,
  );
  const largest = await ctx.db.query<Record<string, unknown>>(
    `select ${FILE_COLUMNS} from public.files where upload_state = 'complete'
     order by size desc, id limit ${LARGEST}`,
  );
  let bucketMultipartUploads: number | null = null;
  if (ctx.storage) {
    try {
      bucketMultipartUploads = (await ctx.storage.listMultipartUploads('uploads/')).length;
    } catch (error) {
      ctx.log.warn(`Could not list multipart uploads: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return json<StorageDto>({
    objects: Number(counts?.objects ?? 0),
    bytes: Number(counts?.bytes ?? 0),
    unfinishedUploads: Number(counts?.unfinished ?? 0),
    unfinishedBytes: Number(counts?.unfinished_bytes ?? 0),
    bucketMultipartUploads,
    largestFiles: largest.map((r) => toAdminFile(r, ctx)),
  });
};
