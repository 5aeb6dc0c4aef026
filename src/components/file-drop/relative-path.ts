// Where a picked or dropped file sat inside the folder it came with. A folder picked with 'Add
// folder' gives each File its `webkitRelativePath`; a dropped folder's files come from File System
// entries, whose Files have none (the property is read-only), so the drop reader notes their paths
// here instead. A WeakMap: the note goes with the File.

const droppedPaths = new WeakMap<File, string>();

/** Notes the path a dropped file had in its drop ('folder/sub/name.txt'). */
export function noteDroppedPath(file: File, path: string): void {
  droppedPaths.set(file, path);
}

/** The file's path inside what was picked or dropped, its name included; its name alone when none. */
export function relativePathOf(file: File): string {
  return file.webkitRelativePath || droppedPaths.get(file) || file.name;
}

/** The folder part of a relative path, without the name: 'photos/2026/a.png' gives 'photos/2026'. */
export function folderOf(relativePath: string): string {
  const cut = relativePath.lastIndexOf('/');
  return cut < 0 ? '' : relativePath.slice(0, cut);
}
