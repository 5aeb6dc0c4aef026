// Files from a drop, folders included: the File list of a drop holds only the top-level entries
// (a dropped folder shows up as an unreadable zero-byte "file"), so folders are walked through the
// File System entries API, which every current browser supports for drops. Each file's path in the
// drop is noted (relative-path.ts), so a dropped folder keeps its tree as a picked one does.

import { noteDroppedPath } from './relative-path';

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function readBatch(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    const file = await fileOf(entry as FileSystemFileEntry);
    // fullPath is '/folder/sub/name' from the drop's root; a file dropped alone is '/name'.
    noteDroppedPath(file, entry.fullPath.replace(/^\/+/, '') || file.name);
    return [file];
  }
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const files: File[] = [];
  // readEntries hands out at most ~100 entries per call; an empty batch means the end.
  for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
    for (const child of batch) files.push(...(await filesOf(child)));
  }
  return files;
}

/** Every file under a drop's entries (taken while its event lasted), with their paths in the drop. */
export async function readDropEntries(entries: readonly FileSystemEntry[]): Promise<File[]> {
  const nested = await Promise.all(entries.map((entry) => filesOf(entry)));
  return nested.flat();
}

/** Every file of a drop, the files inside dropped folders too. Call it inside the drop handler. */
export async function readDroppedFiles(data: DataTransfer): Promise<File[]> {
  // Entries must be taken before the first await: the DataTransfer is emptied when the event ends.
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) return [...data.files];
  return readDropEntries(entries as FileSystemEntry[]);
}
