// What opens a share's files, for every part of its page that fetches them: the single download,
// the previews, Download all. The download screen provides it once the link has been read (and the
// password accepted); nothing of it is stored or sent anywhere but where each field says.
import { createContext, useContext } from 'react';
import { SHARE_PROOF_HEADER } from '@domain/share-access-types';
import type { ShareEncryptionDto } from '@domain/api-types';
import type { TransferSecrets } from '@/lib/crypto/transfer-secrets';

export interface ShareAccess {
  /** The files are end-to-end encrypted (false: stored as sent, the README's curl upload). */
  encrypted: boolean;
  /** The share's public encryption values (GET /shares/{id}): boot.js's early download needs them. */
  encryption: ShareEncryptionDto | null;
  /**
   * The transfer's secrets from the link's fragment, checked against the share's key check; give
   * them to fileCipherOf with a file's share id. A promise because the check takes a moment after
   * the page is live, and a tap may come first. Null when the files are not encrypted.
   */
  secrets: Promise<TransferSecrets> | null;
  /**
   * The password's proof, in memory only: the `X-Share-Proof` of every download and preview request
   * of the share (proofHeaders). Null without a password.
   */
  proof: string | null;
  /** The link's fragment (the key), for the link shared onward; '' when the files are not encrypted. */
  fragment: string;
}

/** A share stored as sent: no key, no proof. */
export const PLAIN_ACCESS: ShareAccess = {
  encrypted: false,
  encryption: null,
  secrets: null,
  proof: null,
  fragment: '',
};

const ShareAccessContext = createContext<ShareAccess>(PLAIN_ACCESS);

export const ShareAccessProvider = ShareAccessContext.Provider;

/** The access of the share whose page this is. */
export function useShareAccess(): ShareAccess {
  return useContext(ShareAccessContext);
}

/** The headers that carry the password's proof on a download or preview request (none without one). */
export function proofHeaders(proof: string | null): Record<string, string> {
  return proof === null ? {} : { [SHARE_PROOF_HEADER]: proof };
}
