// What the sender's device keeps of an encrypted transfer while its files upload, and what follows
// from it: the key the files are encrypted under, each file's cipher, and the public values the
// server stores (the key check, and with a password its salt and verifier). The slow password
// derivation is done once, when the transfer is made; everything here after that is HKDF, so a
// runner (the service worker with no page open) needs only these bytes, never the password.
import { ENCRYPTION_VERSION, type TransferEncryptionRequest } from '@domain/share-access-types';
import { toBase64Url } from './base64url';
import { createFileCipher, deriveFileKey, keyCheck, type FileCipher } from './keys';
import { linkKeyToFragment, newLinkKey } from './link-key';
import { bindPassword, derivePasswordKey, newPasswordSalt, passwordVerifier } from './password';

/** An encrypted transfer's secrets, as the upload jobs keep them until they finish. */
export interface TransferSecrets {
  /** The link key: 32 random bytes, the link's fragment. */
  linkKey: Uint8Array<ArrayBuffer>;
  /** With a password: its salt and the slow key derived from it (PBKDF2), not the password. */
  password?: { salt: Uint8Array<ArrayBuffer>; key: Uint8Array<ArrayBuffer> };
}

/** Fresh secrets for a new transfer; with a password, its slow key is derived now (about a second on a phone). */
export async function newTransferSecrets(password?: string): Promise<TransferSecrets> {
  const linkKey = newLinkKey();
  if (password === undefined) return { linkKey };
  const salt = newPasswordSalt();
  return { linkKey, password: { salt, key: await derivePasswordKey(password, salt) } };
}

/** The key the files are encrypted under: the link key, or with a password the key bound to it. */
export function rootKeyOf(secrets: TransferSecrets): Promise<Uint8Array<ArrayBuffer>> {
  return secrets.password === undefined
    ? Promise.resolve(secrets.linkKey)
    : bindPassword(secrets.linkKey, secrets.password.key);
}

/** The cipher of the transfer's file whose share id is `fileId`. */
export async function fileCipherOf(secrets: TransferSecrets, fileId: string): Promise<FileCipher> {
  return createFileCipher(await deriveFileKey(await rootKeyOf(secrets), fileId));
}

/** The transfer's `encryption` for POST /transfers: the key check and the password's verifier, never a key. */
export async function encryptionRequest(secrets: TransferSecrets): Promise<TransferEncryptionRequest> {
  const check = await keyCheck(secrets.linkKey);
  if (secrets.password === undefined) return { version: ENCRYPTION_VERSION, keyCheck: check };
  const { salt, key } = secrets.password;
  return {
    version: ENCRYPTION_VERSION,
    keyCheck: check,
    password: { salt: toBase64Url(salt), verifier: await passwordVerifier(secrets.linkKey, key) },
  };
}

/**
 * The link that opens `url`'s share: the share URL with the link key as its fragment, which
 * browsers never send to a server. A file of the transfer takes the same key (each file's key is
 * derived from it and the file's id). Without a key (a transfer not encrypted, or whose key this
 * device does not hold) the URL as it is.
 */
export function linkWithKey(url: string, linkKey: Uint8Array | null | undefined): string {
  if (linkKey == null) return url;
  const hash = url.indexOf('#');
  return `${hash === -1 ? url : url.slice(0, hash)}#${linkKeyToFragment(linkKey)}`;
}
