// The presigned part URLs of one run: asked for in batches, ahead of the parts that need them, and
// asked for again when one expired or the bucket refused it.

import { PART_URL_TTL_SECONDS } from '@domain/constants';
import { ApiError } from '@/lib/api/client';
import type { UploadApi } from './api';

export interface PartUrlOptions {
  api: UploadApi;
  /** The multipart upload on the server the parts belong to. */
  upload: { fileId: string; ownerToken: string };
  /** Part URLs asked for in one API call. */
  batchSize: number;
  /** Parts ahead with a valid URL below which the next batch is asked for in the background. */
  lookAhead: number;
  /** A URL with less validity left than this is signed again before use. */
  expiryMarginMs: number;
  now: () => number;
  /** The run's: stops every signing call with it. */
  signal: AbortSignal;
}

export class PartUrls {
  private readonly urls = new Map<number, { url: string; validUntil: number }>();
  private signing: Promise<void> | null = null;

  constructor(private readonly options: PartUrlOptions) {}

  /**
   * Asks for the URLs of the first parts at once, while the new upload is recorded on the device.
   * A failure is left to each part, which asks again (with retries) for a URL it lacks.
   */
  prefetch(partCount: number): void {
    const first = Array.from({ length: Math.min(this.options.batchSize, partCount) }, (_, i) => i + 1);
    this.signInBackground(first);
  }

  /** Drops the part's URL (the bucket refused it: most often it expired), so the next `get` signs it again. */
  forget(partNumber: number): void {
    this.urls.delete(partNumber);
  }

  /**
   * A valid URL for the part, signing it together with the next parts of `pending` (the parts of
   * the run still to send, in order) that have none.
   */
  async get(partNumber: number, pending: readonly number[]): Promise<string> {
    for (;;) {
      const cached = this.urls.get(partNumber);
      if (cached !== undefined && cached.validUntil > this.options.now()) {
        this.signAhead(partNumber, pending);
        return cached.url;
      }
      if (this.signing !== null) {
        await this.signing;
        continue;
      }
      const batch = [partNumber];
      for (const n of pending) {
        if (batch.length >= this.options.batchSize) break;
        if (n > partNumber && !this.isValid(n)) batch.push(n);
      }
      this.signing = this.signBatch(batch).finally(() => {
        this.signing = null;
      });
      await this.signing;
      if (!this.urls.has(partNumber)) {
        throw new ApiError('server', 200, 'unexpected_answer', `The API gave no upload link for part ${partNumber}.`, {
          status: 200,
        });
      }
    }
  }

  private isValid(partNumber: number, now = this.options.now()): boolean {
    const known = this.urls.get(partNumber);
    return known !== undefined && known.validUntil > now;
  }

  /**
   * Signs the next batch in the background once fewer than `lookAhead` parts ahead of `partNumber`
   * have a URL: the lanes then never stop together to wait for a signing call.
   */
  private signAhead(partNumber: number, pending: readonly number[]): void {
    if (this.signing !== null) return;
    const now = this.options.now();
    let signed = 0;
    const batch: number[] = [];
    for (const n of pending) {
      if (n <= partNumber) continue;
      if (this.isValid(n, now)) signed += 1;
      else batch.push(n);
      if (batch.length >= this.options.batchSize) break;
    }
    if (batch.length === 0 || signed >= this.options.lookAhead) return;
    this.signInBackground(batch);
  }

  /** A failure here is left to the lane that needs the URL, which signs it again with retries. */
  private signInBackground(batch: number[]): void {
    this.signing = this.signBatch(batch)
      .catch(() => undefined)
      .finally(() => {
        this.signing = null;
      });
  }

  private async signBatch(batch: number[]): Promise<void> {
    const { api, upload, expiryMarginMs, now, signal } = this.options;
    const { urls, expiresInSeconds } = await api.signParts(upload.fileId, upload.ownerToken, batch, signal);
    const ttlMs = (expiresInSeconds || PART_URL_TTL_SECONDS) * 1000;
    const validUntil = now() + Math.max(ttlMs - expiryMarginMs, ttlMs / 2);
    for (const { partNumber: n, url } of urls) this.urls.set(n, { url, validUntil });
  }
}
