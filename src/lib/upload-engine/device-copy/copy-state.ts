// What a job's record says of the device's copy of its bytes, and the Web Lock its writer holds.
// Shared by the page that writes the copy, the runner that reads it and the screens that show the
// job's progress: none of them needs more than this module to know whether the copy is complete.

/** Where a copy lives: the origin private file system, or IndexedDB where OPFS sync handles are missing. */
export type CopyPlace = 'opfs' | 'idb';

/** The device's copy of a job's bytes, kept in the job's record (`copy`). */
export interface DeviceCopyState {
  /** Null until the first chunk is durable (the writer knows then where it writes). */
  place: CopyPlace | null;
  /** The copy holds the file from this byte to its end, flushed to disk; the file's size before. */
  from: number;
  /** A page is still writing it (under the job's Web Lock, `whileCopyLocked`). */
  writing: boolean;
}

/**
 * Whether a job's progress must not show yet: its copy is being written and has not reached the
 * first byte the bucket lacks (`needed`), so a browser killed now would lose bytes that are neither
 * sent nor stored. Once it shows, every byte is in one place or the other. Records without a copy
 * (written by earlier versions, which copied before recording) hold nothing back.
 */
export function holdsBackProgress(copy: DeviceCopyState | undefined, needed: number): boolean {
  return copy !== undefined && copy.writing && copy.from > needed;
}

function lockName(id: string): string {
  return `ulak-copy:${id}`;
}

function lockManager(): LockManager | null | undefined {
  // Node has no navigator; jsdom's has `locks: null`.
  return typeof navigator === 'undefined' ? undefined : navigator.locks;
}

/**
 * Runs `body` holding the Web Lock of the job's copy: the writer holds it exclusively, readers of
 * the bytes share it. The pages and the worker of an origin share the locks, and a context that dies
 * releases its own, so a copy cut off by a crash or a closed tab holds up nobody. Where there are no
 * Web Locks (the unit tests' environments), `body` runs at once.
 */
export function whileCopyLocked<T>(id: string, mode: LockMode, body: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (!locks) return body();
  return locks.request(lockName(id), { mode }, body);
}

/**
 * Whether the writer of the job's copy is still alive. A page closed in the middle of a copy leaves
 * `writing` set in the record; its lock went with it. Without Web Locks the record is trusted.
 */
export async function copyWriterAlive(id: string): Promise<boolean> {
  const locks = lockManager();
  if (!locks) return true;
  const { held = [] } = await locks.query();
  return held.some((lock) => lock.name === lockName(id));
}
