// One-time set-up of an external bucket (Cloudflare R2, AWS S3, MinIO) from the same environment
// variables the API reads: the CORS rule browsers need for presigned uploads and downloads, and a
// lifecycle rule that aborts incomplete multipart uploads after a day and deletes any object left
// 4 days after upload (a safety net behind the API's own 3-day sweep).
//   S3_BUCKET=... R2_ACCOUNT_ID=... S3_ACCESS_KEY_ID=... S3_SECRET_ACCESS_KEY=... \
//   PUBLIC_ORIGIN=https://ulak.example npx tsx scripts/storage-setup.ts
import { PutBucketLifecycleConfigurationCommand, S3Client } from '@aws-sdk/client-s3';
import { readStorageConfig } from '../supabase/functions/_shared/config.ts';
import { RETENTION_DAYS } from '../supabase/functions/_shared/domain/constants.ts';
import { createStorage } from '../supabase/functions/_shared/storage.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { storage: settings, missing } = readStorageConfig(process.env);
const origins = (process.env.PUBLIC_ORIGIN ?? '').split(',').filter(Boolean);
if (!settings || origins.length === 0) {
  console.error(`Missing settings: ${[...missing, ...(origins.length ? [] : ['PUBLIC_ORIGIN'])].join(', ')}`);
  process.exit(1);
}

const storage = createStorage(settings);
await storage.check();
await storage.putBucketCors(origins);
console.log(`CORS rule set on ${settings.bucket} for ${origins.join(', ')}`);

const client = new S3Client({
  endpoint: settings.endpoint,
  region: settings.region,
  forcePathStyle: settings.forcePathStyle,
  credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
});
await client.send(
  new PutBucketLifecycleConfigurationCommand({
    Bucket: settings.bucket,
    LifecycleConfiguration: {
      Rules: [
        {
          ID: 'ulak-abort-incomplete-uploads',
          Status: 'Enabled',
          Filter: { Prefix: 'uploads/' },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        },
        {
          ID: 'ulak-expire-objects',
          Status: 'Enabled',
          Filter: { Prefix: 'uploads/' },
          Expiration: { Days: RETENTION_DAYS + 1 },
        },
      ],
    },
  }),
);
console.log(
  `Lifecycle rules set on ${settings.bucket}: abort incomplete uploads after 1 day, expire objects after ${RETENTION_DAYS + 1} days`,
);
