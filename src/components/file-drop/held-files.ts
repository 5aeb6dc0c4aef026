// Files a visitor picked or dropped before the app was live: on a page whose app starts on the
// visitor's first intent, the picker opens natively and public/boot.js keeps what was picked (or
// dropped) until the app takes it from here.
import { HELD_FILES_EVENT, HELD_FILES_PROPERTY, type HeldFiles } from '@/config/boot-contract';
import { readDropEntries } from './read-dropped-files';

declare global {
  interface Window {
    [HELD_FILES_PROPERTY]?: HeldFiles[];
  }
}

/**
 * Hands `onFiles` what boot.js has kept, now and whenever it keeps more, until the returned
 * function is called. Each kept pick or drop is handed over once.
 */
export function takeHeldFiles(onFiles: (files: File[]) => void): () => void {
  let stopped = false;
  const take = () => {
    const kept = window[HELD_FILES_PROPERTY]?.splice(0) ?? [];
    for (const { files, entries } of kept) {
      if (files.length > 0) onFiles(files);
      if (entries.length === 0) continue;
      readDropEntries(entries)
        .then((read) => {
          if (!stopped && read.length > 0) onFiles(read);
        })
        .catch((error: unknown) => console.error('Could not read the dropped files', error));
    }
  };
  take();
  document.addEventListener(HELD_FILES_EVENT, take);
  return () => {
    stopped = true;
    document.removeEventListener(HELD_FILES_EVENT, take);
  };
}
