// One part's bytes sent to the bucket through its presigned URL, and the bucket's answer read as
// the part's ETag or as the one error type the retries understand.

import { ApiError } from '@/lib/api/client';

/** S3 puts a human-readable reason in `<Message>` of its XML error body. */
function bucketMessage(body: string): string | undefined {
  return /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
}

/** The bucket's refusal of a part PUT, as the one error type (its `<Message>` for the console). */
function partRefused(partNumber: number, status: number, body: string): ApiError {
  const reason = bucketMessage(body) ?? `status ${status}`;
  return new ApiError('server', status, 'part_refused', `The storage refused part ${partNumber}: ${reason}`, {
    part: partNumber,
    status,
  });
}

/**
 * PUTs `body` to `url` and resolves to the ETag the bucket gave the part. No answer is a 'network'
 * error; a 403 (most often the URL expired) or any other refusal is `part_refused` with its status.
 */
export async function putPart(
  fetchPart: typeof fetch,
  url: string,
  partNumber: number,
  body: Blob,
  signal: AbortSignal,
): Promise<string> {
  let response: Response;
  try {
    response = await fetchPart(url, { method: 'PUT', body, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(
      'network',
      0,
      'network',
      `Part ${partNumber} got no answer from the storage.`,
      undefined,
      undefined,
      { cause: error },
    );
  }
  if (response.ok) {
    await response.body?.cancel();
    const value = response.headers.get('ETag');
    if (value === null || value === '') {
      throw new ApiError(
        'server',
        response.status,
        'etag_missing',
        'The storage did not return an ETag; its CORS rules must expose the ETag header.',
      );
    }
    return value;
  }
  throw partRefused(partNumber, response.status, await response.text().catch(() => ''));
}
