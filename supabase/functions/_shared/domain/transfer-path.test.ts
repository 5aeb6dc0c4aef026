import { describe, expect, it } from 'vitest';
import { PATH_MAX_LENGTH, PATH_MAX_SEGMENTS, PATH_SEGMENT_MAX_LENGTH } from './constants.ts';
import { compareByPathThenName, isValidPath, pathProblem, splitRelativePath } from './transfer-path.ts';

describe('transfer paths', () => {
  it.each(['', 'photos', 'photos/2026', 'Ünlü klasör/çalışma 📁', 'a/b.c/.hidden', 'a..b/c.'])(
    'keeps the folder %j',
    (path) => expect(pathProblem(path)).toBeNull(),
  );

  it.each([
    ['../x', 'dot_segment'],
    ['a/../b', 'dot_segment'],
    ['a/..', 'dot_segment'],
    ['./a', 'dot_segment'],
    ['/etc', 'absolute'],
    ['a\\b', 'backslash'],
    ['..\\..\\windows', 'backslash'],
    ['a\u0000b', 'control_character'],
    ['a\nb', 'control_character'],
    ['a\u001fb', 'control_character'],
    ['a\u007fb', 'control_character'],
    ['a//b', 'empty_segment'],
    ['a/', 'empty_segment'],
    ['x'.repeat(600), 'too_long'],
    [Array.from({ length: PATH_MAX_SEGMENTS + 1 }, () => 'a').join('/'), 'too_deep'],
    [`a/${'y'.repeat(PATH_SEGMENT_MAX_LENGTH + 1)}`, 'segment_too_long'],
  ])('refuses %j (%s)', (path, problem) => {
    expect(pathProblem(path)).toBe(problem);
    expect(isValidPath(path)).toBe(false);
  });

  it('takes paths right up to each bound', () => {
    const deepest = Array.from({ length: PATH_MAX_SEGMENTS }, () => 'a').join('/');
    expect(pathProblem(deepest)).toBeNull();
    expect(pathProblem('y'.repeat(PATH_SEGMENT_MAX_LENGTH))).toBeNull();
    const longest = `${'a'.repeat(PATH_SEGMENT_MAX_LENGTH)}/${'b'.repeat(PATH_MAX_LENGTH - PATH_SEGMENT_MAX_LENGTH - 3)}/c`;
    expect(longest).toHaveLength(PATH_MAX_LENGTH);
    expect(pathProblem(longest)).toBeNull();
  });

  it('refuses what is not text', () => {
    expect(pathProblem(42)).toBe('not_text');
    expect(pathProblem(null)).toBe('not_text');
  });

  it('splits a picked file into its folder and name', () => {
    expect(splitRelativePath('photos/2026/a.png')).toEqual({ path: 'photos/2026', name: 'a.png' });
    expect(splitRelativePath('a.png')).toEqual({ path: '', name: 'a.png' });
  });
});

describe("the order of a transfer's files", () => {
  it('lists the top level first, then each folder, names in order within each', () => {
    const files = [
      { path: 'photos/2026', name: 'b.png' },
      { path: '', name: 'z.txt' },
      { path: 'photos', name: 'a.png' },
      { path: 'photos/2026', name: 'a.png' },
      { path: '', name: 'a.txt' },
    ];
    expect([...files].sort(compareByPathThenName).map((f) => `${f.path}/${f.name}`)).toEqual([
      '/a.txt',
      '/z.txt',
      'photos/a.png',
      'photos/2026/a.png',
      'photos/2026/b.png',
    ]);
  });
});
