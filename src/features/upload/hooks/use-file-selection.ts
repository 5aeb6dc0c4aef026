import { useCallback, useState } from 'react';
import { folderOf, relativePathOf } from '@/components/file-drop/relative-path';

/** A picked file and the name it is listed under (its path inside a picked or dropped folder). */
export interface SelectedFile {
  id: string;
  file: File;
  label: string;
  /** Its folder inside the transfer ('' = top level). */
  path: string;
}

function labelOf(file: File): string {
  return relativePathOf(file);
}

function identityOf(file: File): string {
  return `${labelOf(file)}\u0000${file.size}\u0000${file.lastModified}`;
}

/** The files picked for upload: added from the buttons or a drop (same file twice is kept once), removable one by one. */
export function useFileSelection() {
  const [selection, setSelection] = useState<SelectedFile[]>([]);

  const add = useCallback((files: readonly File[]) => {
    setSelection((current) => {
      const known = new Set(current.map((entry) => entry.id));
      const added: SelectedFile[] = [];
      for (const file of files) {
        const id = identityOf(file);
        if (known.has(id)) continue;
        known.add(id);
        const label = labelOf(file);
        added.push({ id, file, label, path: folderOf(label) });
      }
      return added.length === 0 ? current : [...current, ...added];
    });
  }, []);

  const remove = useCallback((id: string) => {
    setSelection((current) => current.filter((entry) => entry.id !== id));
  }, []);

  const clear = useCallback(() => setSelection([]), []);

  return { selection, add, remove, clear };
}
