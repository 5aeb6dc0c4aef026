import type { Unlocked, UnlockRequest } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { fromBase64Url } from '@/lib/crypto/base64url';
import { derivePasswordKey, passwordVerifier } from '@/lib/crypto/password';
import { recipientSecrets } from '@/lib/crypto/recipient-key';
import type { TransferSecrets } from '@/lib/crypto/transfer-secrets';

/**
 * POST shares/{shareId}/unlock: the server checks the password's proof (and answers the key check
 * the page already has from GET). ApiError 403
 * wrong_password, 429 too_many_attempts (params.retryAfterSeconds), 410 when the share is gone.
 */
export function unlockShare(shareId: string, proof: string): Promise<Unlocked> {
  return apiClient.call<Unlocked>(`shares/${encodeURIComponent(shareId)}/unlock`, {
    body: { proof } satisfies UnlockRequest,
  });
}

/** A password share opened: its secrets, and the proof every download and preview request carries. */
export interface OpenedWithPassword {
  secrets: TransferSecrets;
  proof: string;
}

/**
 * Opens a password share with `password`: the link's key checked against the share's public key
 * check first (a changed link is broken, whatever password is typed), then the slow key of the
 * password and the share's salt (about a second on a phone), the proof made of it and the link's
 * key, and the server's check of the proof. Throws E2eError (link-incomplete, link-malformed,
 * wrong-key, password-invalid) or the unlock's ApiError.
 */
export async function openWithPassword(
  shareId: string,
  fragment: string,
  { salt, keyCheck }: { salt: string; keyCheck: string },
  password: string,
): Promise<OpenedWithPassword> {
  const { linkKey } = await recipientSecrets(fragment, keyCheck);
  const saltBytes = fromBase64Url(salt);
  if (!saltBytes) throw new Error('The share has no valid password salt');
  const key = await derivePasswordKey(password, saltBytes);
  const proof = await passwordVerifier(linkKey, key);
  await unlockShare(shareId, proof);
  return { secrets: { linkKey, password: { salt: saltBytes, key } }, proof };
}
