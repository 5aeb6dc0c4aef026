// Where received files are written, chunk by chunk as they arrive, so not even a 2 GB file is ever
// held in memory: a file the person picks (Chromium's save picker), else this site's private file
// system (OPFS), else memory up to a stated limit. Files kept here are the page's alone: they go
// when the page closes (or after PEER_FILE_TTL_MS, 7 days), and the next visit sweeps what a closed
// page left behind.
import { startBrowserDownload } from '@/lib/start-browser-download';
import { concatBytes, randomString } from '../protocol/encoding';
import { PrivateFileWriter } from './private-file-writer';
import type { FileSink, SinkFactory } from '../protocol/receiver-session';
import type { ReceivedFile } from '../protocol/session-core';
import type { StorageAbilities } from './storage-plan';

/** Folder of received files in the origin private file system; one sub-folder per receiving page. */
const ROOT_FOLDER = 'ulak-direct-transfer';
/** A page holds a Web Lock named after its folder while it lives; a folder with no lock is left over. */
const LOCK_PREFIX = 'ulak-direct-transfer:';

interface SaveFilePickerWindow {
  showSaveFilePicker?(options?: { suggestedName?: string }): Promise<FileSystemFileHandle>;
}

interface RemovableHandle {
  remove?(): Promise<void>;
}

type Writable = { write(data: BufferSource): Promise<void>; close(): Promise<void>; abort(): Promise<void> };

function writableSink(writable: Writable, finish: () => Promise<ReceivedFile>, discard: () => Promise<void>): FileSink {
  return {
    // One write per batch: each is a round trip to the browser process.
    write: (parts) => writable.write(concatBytes(parts) as Uint8Array<ArrayBuffer>),
    close: async () => {
      await writable.close();
      return finish();
    },
    abort: async () => {
      await writable.abort().catch(() => undefined);
      await discard().catch(() => undefined);
    },
  };
}

export async function detectStorage(): Promise<StorageAbilities> {
  const savePicker = typeof (window as SaveFilePickerWindow).showSaveFilePicker === 'function';
  const privateFileSystem =
    typeof navigator.storage?.getDirectory === 'function' &&
    typeof FileSystemFileHandle !== 'undefined' &&
    'createWritable' in FileSystemFileHandle.prototype;
  let available: number | null = null;
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (estimate?.quota !== undefined) available = estimate.quota - (estimate.usage ?? 0);
  } catch {
    // Unknown: try, and report a write that fails.
  }
  return { savePicker, privateFileSystem, available };
}

/**
 * Asks where to save a single file (Accept is the user gesture the picker needs). null when the
 * person closed the picker or the browser would not show it: the caller keeps the file here instead.
 */
export async function pickSaveFile(suggestedName: string): Promise<FileSystemFileHandle | null> {
  const picker = (window as SaveFilePickerWindow).showSaveFilePicker;
  if (!picker) return null;
  try {
    return await picker.call(window, { suggestedName });
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
    return null;
  }
}

/** Writes the one offered file into the file the person picked; a stopped transfer leaves nothing. */
export function pickedFileSinks(handle: FileSystemFileHandle): SinkFactory {
  return async () => {
    const writable = await handle.createWritable();
    // Chromium writes to a temporary file and replaces the picked one only at close, so an aborted
    // transfer never leaves a partial file; the empty file the picker made is removed too.
    return writableSink(
      writable,
      async () => ({ kind: 'saved' }),
      async () => (handle as RemovableHandle).remove?.(),
    );
  };
}

/** Received files held in memory, for browsers without a private file system. */
export function memorySinks(): SinkFactory {
  return async () => {
    let parts: Uint8Array<ArrayBuffer>[] = [];
    return {
      write: async (data) => {
        parts.push(...(data as Uint8Array<ArrayBuffer>[]));
      },
      close: async () => {
        let blob: Blob | null = new Blob(parts);
        parts = [];
        return {
          kind: 'stored',
          get blob() {
            if (!blob) throw new Error('This received file was dropped.');
            return blob;
          },
          discard: async () => {
            blob = null;
          },
        };
      },
      abort: async () => {
        parts = [];
      },
    };
  };
}

async function rootFolder(): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(ROOT_FOLDER, { create: true });
}

export interface ReceiveFolder {
  sinks: SinkFactory;
  /** Removes the folder and everything in it, and lets its lock go. */
  remove(): Promise<void>;
}

/** A fresh private folder for this page's received files, locked for as long as the page lives. */
export async function openReceiveFolder(): Promise<ReceiveFolder> {
  const base = await rootFolder();
  const name = `${Date.now()}-${randomString('abcdefghijklmnopqrstuvwxyz0123456789', 10)}`;
  const folder = await base.getDirectoryHandle(name, { create: true });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  void navigator.locks?.request(`${LOCK_PREFIX}${name}`, () => held);
  // Started with the first file. When it cannot open that one (no synchronous access handles in
  // this browser, or the worker did not start), it is dropped (null) and writable streams take
  // every file; a later file that does not open is a storage failure like any other.
  let writer: PrivateFileWriter | null | undefined;
  let writerWorks = false;
  return {
    sinks: async (_file, index) => {
      // Stored by number, not by the sender's name: nothing the other page sends becomes a path here.
      const entry = String(index);
      const handle = await folder.getFileHandle(entry, { create: true });
      const discard = () => folder.removeEntry(entry);
      const finish = async (): Promise<ReceivedFile> => ({ kind: 'stored', blob: await handle.getFile(), discard });
      if (writer !== null) {
        writer ??= new PrivateFileWriter();
        try {
          await writer.open(index, handle);
          writerWorks = true;
          return workerSink(writer, index, finish, discard);
        } catch (error) {
          if (writerWorks) throw error;
          console.info('Writing received files through writable streams instead of a worker', error);
          writer.terminate();
          writer = null;
        }
      }
      return writableSink(await handle.createWritable(), finish, discard);
    },
    remove: async () => {
      writer?.terminate();
      try {
        await base.removeEntry(name, { recursive: true });
      } finally {
        release();
      }
    },
  };
}

function workerSink(
  writer: PrivateFileWriter,
  index: number,
  finish: () => Promise<ReceivedFile>,
  discard: () => Promise<void>,
): FileSink {
  return {
    write: (parts) => writer.write(index, parts),
    close: async () => {
      await writer.close(index);
      return finish();
    },
    abort: async () => {
      // The access handle must be closed before the file can be removed.
      await writer.abort(index).catch(() => undefined);
      await discard().catch(() => undefined);
    },
  };
}

/**
 * Removes the folders of pages that are gone (closed, crashed): the lock of a live page is held, in
 * this tab or another. Run when the direct-transfer screen opens.
 */
export async function sweepReceiveFolders(): Promise<void> {
  if (typeof navigator.storage?.getDirectory !== 'function' || !navigator.locks) return;
  const base = await rootFolder();
  const held = new Set(((await navigator.locks.query()).held ?? []).map((lock) => lock.name));
  const names: string[] = [];
  for await (const name of (base as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
  await Promise.all(
    names
      .filter((name) => !held.has(`${LOCK_PREFIX}${name}`))
      .map((name) => base.removeEntry(name, { recursive: true }).catch(() => undefined)),
  );
}

/** Hands a received file to the browser's downloads, under its own name. */
export function saveReceivedFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  startBrowserDownload(url, name);
  // The download has taken the bytes by then; a disk-backed File is not copied into memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
