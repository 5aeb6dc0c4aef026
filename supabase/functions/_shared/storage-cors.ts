// The bucket's CORS rule, written once. The API puts it on an external bucket (R2, S3, MinIO:
// PutBucketCors in scripts/storage-setup.ts) and the embedded storage answers browsers with it.
// Pages at the app's origins PUT parts and download with presigned URLs, and must read the
// part's ETag to complete an upload.

export interface BucketCorsRule {
  AllowedOrigins: string[];
  AllowedMethods: string[];
  AllowedHeaders: string[];
  ExposeHeaders: string[];
  MaxAgeSeconds: number;
}

export function bucketCorsRule(origins: readonly string[]): BucketCorsRule {
  return {
    AllowedOrigins: [...origins],
    AllowedMethods: ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'],
    AllowedHeaders: ['*'],
    ExposeHeaders: ['ETag'],
    MaxAgeSeconds: 3000,
  };
}
