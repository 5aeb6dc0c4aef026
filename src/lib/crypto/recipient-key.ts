// The recipient's side of the keys: from the link's fragment (and, with a password, the slow key of
// the typed one) to what opens each file, checked against the key check value the server keeps, so
// a page says what is wrong with a link before it fetches or shows a single byte of a file.
import { verifyKeyCheck } from './keys';
import { linkKeyFromFragment } from './link-key';
import type { TransferSecrets } from './transfer-secrets';

/**
 * The transfer's secrets from the link's fragment (`location.hash`), once the key is this
 * transfer's. `keyCheckValue` is the share's `encryption.keyCheck` (GET /shares/{id}, with a
 * password too); `passwordKey` is derivePasswordKey of the typed password and the share's salt. Throws E2eError 'link-incomplete' (no key, or only its start), 'link-malformed'
 * (not a key) or 'wrong-key' (a key, but not this transfer's): each is "the link is broken"
 * except the first, and none needs the file's bytes. Pass the result to fileCipherOf with the
 * file's share id.
 */
export async function recipientSecrets(
  fragment: string,
  keyCheckValue: string,
  passwordKey?: { salt: Uint8Array<ArrayBuffer>; key: Uint8Array<ArrayBuffer> },
): Promise<TransferSecrets> {
  const linkKey = linkKeyFromFragment(fragment);
  // The check value is of the link key alone, so a wrong link is told apart from a wrong password,
  // and is said before any password is asked for.
  await verifyKeyCheck(linkKey, keyCheckValue);
  return passwordKey === undefined ? { linkKey } : { linkKey, password: passwordKey };
}
