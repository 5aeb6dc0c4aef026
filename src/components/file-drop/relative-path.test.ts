// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { folderOf, noteDroppedPath, relativePathOf } from './relative-path';

describe("a file's place in what was picked or dropped", () => {
  it('is its path in a dropped folder, its name alone otherwise', () => {
    const dropped = new File(['x'], 'a.png');
    noteDroppedPath(dropped, 'photos/2026/a.png');
    expect(relativePathOf(dropped)).toBe('photos/2026/a.png');
    expect(relativePathOf(new File(['x'], 'b.txt'))).toBe('b.txt');
  });

  it('gives the folder without the name', () => {
    expect(folderOf('photos/2026/a.png')).toBe('photos/2026');
    expect(folderOf('a.png')).toBe('');
  });
});
