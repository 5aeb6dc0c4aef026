// "Save all" for the files a direct transfer brought: into one folder the person picks, with the
// offer's own folders (the File System Access directory picker, Chromium on a computer), or where
// there is no such picker, one browser download per file, in the offer's order.
import { baseName, safeRelativePath } from '../protocol/file-names';
import { saveReceivedFile } from './received-storage';

interface DirectoryPickerWindow {
  showDirectoryPicker?(options?: { mode?: 'read' | 'readwrite' }): Promise<FileSystemDirectoryHandle>;
}

/** A received file to save: its bytes and its path in the offer ('album/inner/b.txt'). */
export interface FileToSave {
  blob: Blob;
  path: string;
}

/** How "Save all" went: into the picked folder, as separate downloads, or not at all (picker closed). */
export type SaveAllOutcome = 'folder' | 'downloads' | 'cancelled';

/** True where "Save all" can ask for a folder; elsewhere it starts one download per file. */
export function canPickFolder(): boolean {
  return typeof window !== 'undefined' && typeof (window as DirectoryPickerWindow).showDirectoryPicker === 'function';
}

/**
 * Saves `files`. Call it from the button's click: the picker needs that gesture, so it is asked
 * before anything else is awaited. Each file streams from where it was kept to the disk, never
 * whole in memory.
 */
export async function saveAll(files: readonly FileToSave[]): Promise<SaveAllOutcome> {
  const picker = (window as DirectoryPickerWindow).showDirectoryPicker;
  if (!picker) {
    for (const file of files) saveReceivedFile(file.blob, baseName(file.path));
    return 'downloads';
  }
  let folder: FileSystemDirectoryHandle;
  try {
    folder = await picker.call(window, { mode: 'readwrite' });
  } catch (error) {
    // Closed without choosing (AbortError), or refused: nothing was written.
    if (error instanceof DOMException) return 'cancelled';
    throw error;
  }
  for (const file of files) await writeInto(folder, file);
  return 'folder';
}

/** Writes one file under its path inside `folder`, making the path's folders on the way. */
async function writeInto(folder: FileSystemDirectoryHandle, file: FileToSave): Promise<void> {
  // The path was cleaned when the offer arrived; cleaned again here, as it becomes a place on disk.
  const parts = (safeRelativePath(file.path) ?? 'file').split('/');
  const name = parts.pop() ?? 'file';
  let here = folder;
  for (const part of parts) here = await here.getDirectoryHandle(part, { create: true });
  const handle = await here.getFileHandle(name, { create: true });
  await file.blob.stream().pipeTo(await handle.createWritable());
}
