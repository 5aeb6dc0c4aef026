// Names of received files come from the other page, so they are cleaned before anything uses them:
// no way out of a folder, no control characters, no empty names.

/** Characters Windows, macOS or Linux refuse in a file name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"|?*\\]/g;

/**
 * A relative path ('photos/2024/a.jpg') with each part cleaned, or null when nothing is left.
 * '.' and '..' parts are dropped, so no name can point outside the folder it is saved into.
 */
export function safeRelativePath(path: string): string | null {
  const parts = path
    .split('/')
    .map((part) => part.replace(UNSAFE, '_').trim())
    .filter((part) => part !== '' && part !== '.' && part !== '..');
  if (parts.length === 0) return null;
  return parts.join('/');
}

/** The last part of a path: the name a saved file gets. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
