// The copies of files to upload in the origin private file system: one file per job, named by the
// job's id, in one folder. The page's worker writes them (opfs-copy.worker.ts); any context (the
// service worker too) reads them back with `getFile()`, which reads from disk as a part is sent, and
// removes them once the job no longer needs them.

/** The folder of the copies at the root of the origin private file system. */
export const COPY_FOLDER = 'ulak-upload-copies';

/** The folder, created on demand; undefined where this context has no origin private file system. */
export async function copyFolder({ create = false } = {}): Promise<FileSystemDirectoryHandle | undefined> {
  if (typeof navigator === 'undefined' || typeof navigator.storage?.getDirectory !== 'function') return undefined;
  try {
    return await (await navigator.storage.getDirectory()).getDirectoryHandle(COPY_FOLDER, { create });
  } catch {
    // Not created yet, or refused (a private window of some engines): there is no copy here.
    return undefined;
  }
}

/** The job's copy as a disk-backed File, undefined when there is none. */
export async function openCopyFile(id: string): Promise<File | undefined> {
  const folder = await copyFolder();
  if (folder === undefined) return undefined;
  try {
    return await (await folder.getFileHandle(id)).getFile();
  } catch {
    return undefined;
  }
}

/**
 * Removes the job's copy. A copy still open for writing (its writer has not seen yet that the job is
 * over) cannot be removed: its writer removes it when it stops.
 */
export async function removeCopyFile(id: string): Promise<void> {
  const folder = await copyFolder();
  await folder?.removeEntry(id).catch(() => undefined);
}

/** Removes every copy whose job `keep` does not keep: left by a job removed or finished meanwhile. */
export async function removeCopiesExcept(keep: (id: string) => boolean): Promise<void> {
  const folder = await copyFolder();
  if (folder === undefined) return;
  const names: string[] = [];
  for await (const name of folder.keys()) names.push(name);
  await Promise.all(names.filter((name) => !keep(name)).map((name) => folder.removeEntry(name).catch(() => undefined)));
}
