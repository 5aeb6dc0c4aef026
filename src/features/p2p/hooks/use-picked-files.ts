import { useCallback, useState } from 'react';
import type { SourceFile } from '../protocol/sender-session';

/** A file picked to send, under the path it is offered as (its place in a picked folder). */
export interface PickedFile extends SourceFile {
  id: string;
}

function pathOf(file: File): string {
  return file.webkitRelativePath || file.name;
}

/** The files picked for a direct transfer: added from the buttons or a drop (each once), removable. */
export function usePickedFiles() {
  const [files, setFiles] = useState<PickedFile[]>([]);

  const add = useCallback((picked: Iterable<File>) => {
    // Copied now: an input's FileList empties when the input is reset, before React runs the update.
    const list = [...picked];
    setFiles((current) => {
      const known = new Set(current.map((file) => file.id));
      const added: PickedFile[] = [];
      for (const file of list) {
        const id = `${pathOf(file)}\u0000${file.size}\u0000${file.lastModified}`;
        if (known.has(id)) continue;
        known.add(id);
        added.push({ id, blob: file, path: pathOf(file), type: file.type });
      }
      return added.length === 0 ? current : [...current, ...added];
    });
  }, []);

  const remove = useCallback((id: string) => setFiles((current) => current.filter((file) => file.id !== id)), []);

  return { files, add, remove };
}
