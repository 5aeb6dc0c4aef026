// A file's folder path inside a transfer, as the API stores it and the page and zip show it:
// relative, '/'-separated, without the file name, '' for the top level. The same check runs in the
// browser (before anything is sent) and in the API (which refuses, never repairs, a bad path), so
// nothing that could climb out of a folder on the recipient's disk is stored or zipped.
import { PATH_MAX_LENGTH, PATH_MAX_SEGMENTS, PATH_SEGMENT_MAX_LENGTH } from './constants.ts';

/** Why a path was refused; null when it is fine. */
export type PathProblem =
  | 'not_text'
  | 'too_long'
  | 'too_deep'
  | 'absolute'
  | 'backslash'
  | 'control_character'
  | 'empty_segment'
  | 'dot_segment'
  | 'segment_too_long';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function pathProblem(value: unknown): PathProblem | null {
  if (typeof value !== 'string') return 'not_text';
  if (value === '') return null;
  if (value.length > PATH_MAX_LENGTH) return 'too_long';
  if (CONTROL.test(value)) return 'control_character';
  if (value.includes('\\')) return 'backslash';
  if (value.startsWith('/')) return 'absolute';
  const segments = value.split('/');
  if (segments.length > PATH_MAX_SEGMENTS) return 'too_deep';
  for (const segment of segments) {
    if (segment === '') return 'empty_segment';
    if (segment === '.' || segment === '..') return 'dot_segment';
    if (segment.length > PATH_SEGMENT_MAX_LENGTH) return 'segment_too_long';
  }
  return null;
}

export function isValidPath(value: unknown): value is string {
  return pathProblem(value) === null;
}

/**
 * The folder and the name of a picked file's relative path ('photos/2026/a.png' gives
 * { path: 'photos/2026', name: 'a.png' }; a bare 'a.png' gives path ''). The folder still needs
 * pathProblem's check.
 */
export function splitRelativePath(relativePath: string): { path: string; name: string } {
  const slash = relativePath.lastIndexOf('/');
  if (slash < 0) return { path: '', name: relativePath };
  return { path: relativePath.slice(0, slash), name: relativePath.slice(slash + 1) };
}

/**
 * The order a transfer's files are listed in: by folder, then by name, in code-point order (the
 * same on every database and in every browser, unlike a locale's collation).
 */
export function compareByPathThenName(a: { path?: string; name: string }, b: { path?: string; name: string }): number {
  const pathA = a.path ?? '';
  const pathB = b.path ?? '';
  if (pathA !== pathB) return pathA < pathB ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return 0;
}
