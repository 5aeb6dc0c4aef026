import type { Unlocked, UnlockRequest } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { fromBase64Url } from '@/lib/crypto/base64url';
import { linkKeyFromFragment } from '@/lib/crypto/link-key';
import { derivePasswordKey, passwordVerifier } from '@/lib/crypto/password';
import { recipientSecrets } from '@/lib/crypto/recipient-key';
import type { TransferSecrets } from '@/lib/crypto/transfer-secrets';

/**
 * POST shares/{shareId}/unlock: the password's proof for the link's key check. ApiError 403
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
 * Opens a password share with `password`: the slow key of the password and the share's salt
 * (about a second on a phone), the proof made of it and the link's key, the server's check of the
 * proof, then the link's key checked against what the server handed back. Throws E2eError
 * (link-incomplete, link-malformed, wrong-key, password-invalid) or the unlock's ApiError.
 */
export async function openWithPassword(
  shareId: string,
  fragment: string,
  salt: string,
  password: string,
): Promise<OpenedWithPassword> {
  const linkKey = linkKeyFromFragment(fragment);
  const saltBytes = fromBase64Url(salt);
  if (!saltBytes) throw new Error('The share has no valid password salt');
  const key = await derivePasswordKey(password, saltBytes);
  const proof = await passwordVerifier(linkKey, key);
  const { keyCheck } = await unlockShare(shareId, proof);
  const secrets = await recipientSecrets(fragment, keyCheck, { salt: saltBytes, key });
  return { secrets, proof };
}
