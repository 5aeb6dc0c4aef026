import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FileDto } from '@domain/api-types';
import { failureOf, localFailure, type Failure } from '@/lib/api/failure';
import { linkWithKey } from '@/lib/crypto/transfer-secrets';
import {
  cancelUpload,
  enqueueUploads,
  retryUpload,
  subscribeUploads,
  waitForUpload,
  type TransferDraft,
} from '@/lib/upload-engine/client';
import { getOwnedTransfer } from '@/lib/upload-engine/owned-transfers';
import { UNFINISHED_STATES, type UploadJobState, type UploadJobSummary } from '@/lib/upload-engine/protocol';

/** One file of the current upload, as the engine last reported it. */
export interface BatchEntry {
  /** The selection entry it came from. */
  selectionId: string;
  jobId: string;
  name: string;
  size: number;
  state: UploadJobState;
  bytesDone: number;
  failure: Failure | null;
  file: FileDto | null;
  /** The engine's speed and time-left estimate while the file is sent; null until known. */
  bytesPerSecond: number | null;
  etaSeconds: number | null;
}

export type BatchPhase = 'idle' | 'uploading' | 'failed' | 'done';

/** What an upload sent: its one transfer (its link and owner proof) and each file. */
export interface UploadedBatch {
  /**
   * Null only when the transfer could not be read back from the device. `shareUrl` is the full link
   * (with the link key, for an encrypted transfer); `linkKey` is that key, null when not encrypted.
   */
  transfer: { shareId: string; shareUrl: string; ownerToken: string; linkKey: Uint8Array | null } | null;
  /** Each file's `shareUrl` is its full link too: the same key opens every file of the transfer. */
  files: FileDto[];
}

/** The transfer of a finished batch, as the runner that created it recorded it on the device. */
async function uploadedBatch(transferId: string | null, files: FileDto[]): Promise<UploadedBatch> {
  const record = transferId === null ? undefined : await getOwnedTransfer(transferId);
  const { shareId = null, shareUrl = null, ownerToken = null, linkKey = null } = record ?? {};
  const transfer =
    shareId === null || shareUrl === null || ownerToken === null
      ? null
      : { shareId, shareUrl: linkWithKey(shareUrl, linkKey), ownerToken, linkKey };
  return { transfer, files: files.map((file) => ({ ...file, shareUrl: linkWithKey(file.shareUrl, linkKey) })) };
}

/**
 * The file the job uploaded; null for a job the visitor cancelled (its × on the card), which is
 * left out of the batch rather than failing it.
 */
function finishedOrCancelled(jobId: string): Promise<FileDto | null> {
  return waitForUpload(jobId).catch((cause: unknown) => {
    if (failureOf(cause).code === 'upload_cancelled') return null;
    throw cause;
  });
}

function phaseOf(entries: readonly BatchEntry[]): BatchPhase {
  if (entries.length === 0) return 'idle';
  if (entries.some((entry) => UNFINISHED_STATES.has(entry.state))) return 'uploading';
  if (entries.some((entry) => entry.state === 'failed')) return 'failed';
  return 'done';
}

/**
 * The upload the card started: hands the files to the engine and follows them by its broadcasts.
 * Everything the engine reports is kept by job id, so an event that beats `enqueueUploads`'s answer
 * is not lost.
 */
export function useUploadBatch() {
  const [batch, setBatch] = useState<BatchEntry[]>([]);
  const [transferId, setTransferId] = useState<string | null>(null);
  const [reports, setReports] = useState<ReadonlyMap<string, Partial<UploadJobSummary & BatchEntry>>>(new Map());

  useEffect(
    () =>
      subscribeUploads((event) => {
        const jobId = event.type === 'upload:state' ? event.job.jobId : event.jobId;
        const report: Partial<UploadJobSummary & BatchEntry> =
          event.type === 'upload:state'
            ? event.job
            : { bytesDone: event.bytesDone, bytesPerSecond: event.bytesPerSecond, etaSeconds: event.etaSeconds };
        setReports((current) => new Map(current).set(jobId, { ...current.get(jobId), ...report }));
      }),
    [],
  );

  const entries = useMemo(
    () =>
      batch.map((entry): BatchEntry => {
        const report = reports.get(entry.jobId);
        if (report === undefined) return entry;
        return {
          ...entry,
          state: report.state ?? entry.state,
          bytesDone: report.bytesDone ?? entry.bytesDone,
          failure: report.failure === undefined ? entry.failure : report.failure,
          file: report.file ?? entry.file,
          bytesPerSecond: report.bytesPerSecond ?? entry.bytesPerSecond,
          etaSeconds: report.etaSeconds ?? entry.etaSeconds,
        };
      }),
    [batch, reports],
  );

  /**
   * Stores the files as upload jobs of one transfer (they survive a reload from then on) and starts
   * them. Resolves with the transfer and the finished files; rejects with the first failure (see
   * waitForUpload), or with upload_cancelled when every file was cancelled.
   */
  const start = useCallback(
    async (
      files: { selectionId: string; file: File; path: string }[],
      draft: TransferDraft = {},
    ): Promise<UploadedBatch> => {
      const refs = await enqueueUploads(
        files.map(({ file, path }) => ({ file, path })),
        { transfer: draft },
      );
      const id = refs[0]?.transferId ?? null;
      setTransferId(id);
      setBatch(
        refs.map((ref, index) => ({
          selectionId: files[index]?.selectionId ?? ref.jobId,
          jobId: ref.jobId,
          name: ref.name,
          size: ref.size,
          state: 'queued',
          bytesDone: 0,
          failure: null,
          file: null,
          bytesPerSecond: null,
          etaSeconds: null,
        })),
      );
      const finished = (await Promise.all(refs.map((ref) => finishedOrCancelled(ref.jobId)))).filter(
        (file): file is FileDto => file !== null,
      );
      if (finished.length === 0) throw localFailure('upload_cancelled', 'The upload was cancelled.');
      return uploadedBatch(id, finished);
    },
    [],
  );

  /**
   * Sends the failed files again, from the parts the bucket already has. Resolves with every file
   * of the upload once all are done; rejects with the failure of a file that failed again.
   */
  const retryFailed = useCallback(async (): Promise<UploadedBatch> => {
    const failed = entries.filter((entry) => entry.state === 'failed');
    const finished = entries.flatMap((entry) => (entry.state === 'done' && entry.file !== null ? [entry.file] : []));
    // Shown as waiting at once; the engine's events take over from here.
    setReports((current) => {
      const next = new Map(current);
      for (const entry of failed) next.set(entry.jobId, { ...next.get(entry.jobId), state: 'queued', failure: null });
      return next;
    });
    const outcomes = failed.map((entry) => waitForUpload(entry.jobId, { justRetried: true }));
    await Promise.all(failed.map((entry) => retryUpload(entry.jobId)));
    return uploadedBatch(transferId, [...finished, ...(await Promise.all(outcomes))]);
  }, [entries, transferId]);

  /** Drops one file from the upload (cancelling it on the server if it was under way). */
  const drop = useCallback(
    async (selectionId: string) => {
      const entry = entries.find((each) => each.selectionId === selectionId);
      setBatch((current) => current.filter((each) => each.selectionId !== selectionId));
      if (entry !== undefined && entry.state !== 'done') await cancelUpload(entry.jobId);
    },
    [entries],
  );

  const reset = useCallback(() => setBatch([]), []);

  return { entries, phase: phaseOf(entries), start, retryFailed, drop, reset };
}
