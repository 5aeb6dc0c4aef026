// How fast the page's copy of a file into IndexedDB goes (store.ts `add`). The copy is what lets an
// upload resume after a crash: it writes the file from the end backward until it meets the upload
// coming forward. At the disk's full speed it wrote 450 of 512 MiB in the first 0.8 s of an upload
// over the loopback, taking the CPU and fresh memory the upload needed (the upload benchmark), for
// bytes the upload was about to send anyway.

/** By when (ms after it began) the copy should meet an upload that is moving. */
export const COPY_CATCH_UP_MS = 2_000;

/** The longest the copy waits before it looks at the upload again. */
const LOOK_AGAIN_MS = 100;

export interface CopyProgress {
  /** ms since the copy began. */
  elapsedMs: number;
  /** ms since the copy last wrote a chunk, or began. */
  sinceWriteMs: number;
  /** The copy holds the file from this byte to its end. */
  copiedFrom: number;
  /** Whether a runner is sending the job now (state 'uploading'). */
  uploading: boolean;
  /** The first byte the upload still needs (`firstNeededByte`), now and when the copy began. */
  needed: number;
  neededAtStart: number;
  chunkBytes: number;
}

/**
 * How long the copy waits before writing its next chunk, in ms. No wait while no runner sends the
 * job (offline, queued behind another file: a tab closed then must lose nothing), nor after
 * `catchUpMs`. A running upload gets half that time to finish a part (on a fast link it takes a
 * few tenths of a second), else the copy goes on at the disk's speed; from a finished part on, it
 * goes as fast as it must to meet the upload by `catchUpMs`, were the upload to keep its speed
 * so far: on a fast link the upload sends most of the file itself; on a slow one the copy still
 * goes at the disk's speed.
 */
export function copyPauseMs(progress: CopyProgress, catchUpMs = COPY_CATCH_UP_MS): number {
  const { elapsedMs, sinceWriteMs, copiedFrom, uploading, needed, neededAtStart, chunkBytes } = progress;
  const left = catchUpMs - elapsedMs;
  const sent = needed - neededAtStart;
  if (left <= 0 || !uploading) return 0;
  if (sent <= 0) return Math.max(0, Math.min(catchUpMs / 2 - elapsedMs, LOOK_AGAIN_MS));
  const bytesPerMs = sent / elapsedMs;
  // What lies between the upload and the copy that the upload would not reach by then.
  const toCopy = copiedFrom - needed - bytesPerMs * left;
  if (toCopy <= 0) return Math.min(left, LOOK_AGAIN_MS);
  const due = (chunkBytes * left) / toCopy - sinceWriteMs;
  return Math.max(0, Math.min(due, left, LOOK_AGAIN_MS));
}
