// What can go wrong opening an encrypted file, as codes a screen turns into words: each names what
// the visitor can do about it, and none of them ever comes with plaintext that was not verified.

export type E2eErrorCode =
  /** The link has no key, or only the start of one (cut off in a mail or a chat). */
  | 'link-incomplete'
  /** The link's key is not a key: wrong characters or length. The link is broken. */
  | 'link-malformed'
  /** The key is well formed but is not this file's key (its check value differs). The link is broken. */
  | 'wrong-key'
  /** The stored bytes were changed, reordered or extended: a record failed its authentication. */
  | 'damaged'
  /** The stored bytes end before the file's final record: cut short in storage or on the way. */
  | 'truncated'
  /** A password that cannot be one (empty or too long). */
  | 'password-invalid';

export class E2eError extends Error {
  override readonly name = 'E2eError';
  readonly code: E2eErrorCode;

  constructor(code: E2eErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isE2eError(error: unknown, code?: E2eErrorCode): error is E2eError {
  return error instanceof E2eError && (code === undefined || error.code === code);
}
