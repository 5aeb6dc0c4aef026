// Files of the origin private file system written through a synchronous access handle, which only a
// dedicated worker may open: a write is a plain file write in the worker's thread, at the disk's
// speed, with no browser-process round trip per write and no temporary copy of the file (as the
// page's writable streams have). Used inside workers only.

/** What Chromium, Firefox and Safari offer in a dedicated worker (not in TypeScript's DOM lib). */
export interface SyncAccessHandle {
  write(data: Uint8Array, options: { at: number }): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}

/** Opens `file` for synchronous writes; rejects with a NotSupportedError where this engine has none. */
export async function openSyncAccess(file: FileSystemFileHandle): Promise<SyncAccessHandle> {
  const source = file as FileSystemFileHandle & { createSyncAccessHandle?: () => Promise<SyncAccessHandle> };
  if (typeof source.createSyncAccessHandle !== 'function') {
    throw Object.assign(new Error('No synchronous access handles here'), { name: 'NotSupportedError' });
  }
  return source.createSyncAccessHandle();
}

/** Writes all of `data` at byte `at`. */
export function writeAllAt(access: SyncAccessHandle, data: Uint8Array, at: number): void {
  // A write may take fewer bytes than given (the spec allows it); go on until all are in.
  for (let done = 0; done < data.length;) {
    const wrote = access.write(data.subarray(done), { at: at + done });
    if (wrote <= 0) throw new Error('The private file system took no bytes');
    done += wrote;
  }
}
