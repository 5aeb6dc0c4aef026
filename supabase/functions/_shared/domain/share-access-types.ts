// The API's contract for who may read a share: end-to-end encryption's public values, the optional
// password and the download limit (re-exported by ./api-types.ts, where callers import it from).
// docs/encryption.md, "The server's part", says the same for people.

/** The one format version the API takes (docs/encryption.md). */
export const ENCRYPTION_VERSION = 1;

/**
 * PBKDF2-SHA-256 rounds of the password: 600,000, OWASP's figure for this hash (2023). About 0.2 s
 * on a laptop and 1 s on a mid-range phone, paid once by the sender and once per visit by the
 * recipient; a guesser pays it per guess. Part of format version 1: changing it changes every
 * password's keys.
 */
export const PASSWORD_ITERATIONS = 600_000;

/** The download limits a sender may pick: delete after this many downloads. */
export const MAX_DOWNLOADS_CHOICES = [1, 5, 20] as const;
export type MaxDownloads = (typeof MAX_DOWNLOADS_CHOICES)[number];

/** Header that carries the password proof on POST /shares/{id}/download and /preview. */
export const SHARE_PROOF_HEADER = 'x-share-proof';

/** POST /transfers' `encryption`: base64url without padding, exactly these lengths. */
export interface TransferEncryptionRequest {
  version: typeof ENCRYPTION_VERSION;
  /** 16 bytes: 22 characters. */
  keyCheck: string;
  password?: {
    /** 16 bytes: 22 characters. */
    salt: string;
    /** 32 bytes: 43 characters. */
    verifier: string;
  };
}

/**
 * What GET /shares/{id} tells about encryption; null when the files are stored as sent. The key
 * check is there with a password too, so the page checks the link before it asks for one.
 */
export interface ShareEncryptionDto {
  version: typeof ENCRYPTION_VERSION;
  keyCheck: string;
  password?: { salt: string; iterations: typeof PASSWORD_ITERATIONS };
}

/** GET /shares/{id} of a file or a transfer: encryption and the transfer's download limit. */
export interface ShareAccessDto {
  encryption: ShareEncryptionDto | null;
  /** null: no limit (the retention alone ends the link). */
  maxDownloads: number | null;
  /** Downloads still allowed; null when there is no limit. */
  downloadsLeft: number | null;
}

/** POST /shares/{id}/unlock. */
export interface UnlockRequest {
  /** The password verifier computed from the link and the typed password: 43 base64url characters. */
  proof: string;
}

/** 200 of POST /shares/{id}/unlock. */
export interface Unlocked {
  keyCheck: string;
}
