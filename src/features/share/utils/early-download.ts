import type { DirectDownload, ShareEncryptionDto } from '@domain/api-types';
import {
  API_KEY_ATTRIBUTE,
  DIRECT_URL_ATTRIBUTE,
  DIRECT_URL_TTL_ATTRIBUTE,
  KEY_CHECK_ATTRIBUTE,
  TICKET_ATTRIBUTE,
  ticketPath,
  ZIP_ATTRIBUTE,
} from '@/config/boot-contract';
import { env } from '@/config/env';

/**
 * The attributes that let public/boot.js start a file's download on a tap before the app is
 * live (a host-rendered download page starts the app only on the first tap). `encryption` is the
 * share's (GET /shares/{id}): an encrypted share's key check goes with the ticket, so that
 * boot.js saves its plaintext or nothing; a password share gets none, and its tap waits for the
 * app, which asks for the password. The file's `direct` URL (its GET /shares/{id}) is fetched
 * beside the ticket while it lasts, the ticket then only counting the download: opened by the tap
 * itself for a plain file, by the service worker for an encrypted one.
 */
export function earlyDownload(
  shareId: string,
  encryption: ShareEncryptionDto | null,
  direct: DirectDownload | null = null,
): Record<string, string> {
  if (encryption?.password) return {};
  const ticket = { [TICKET_ATTRIBUTE]: ticketPath(shareId), [API_KEY_ATTRIBUTE]: env.supabaseAnonKey };
  const keyed = encryption ? { ...ticket, [KEY_CHECK_ATTRIBUTE]: encryption.keyCheck } : ticket;
  return direct
    ? { ...keyed, [DIRECT_URL_ATTRIBUTE]: direct.url, [DIRECT_URL_TTL_ATTRIBUTE]: String(direct.expiresInSeconds) }
    : keyed;
}

/**
 * The attributes that let public/boot.js start a transfer's Download all on a tap before the app
 * is live: the transfer's download POST and the zip's name (the service worker makes the zip).
 */
export function earlyZip(
  shareId: string,
  zipName: string,
  encryption: ShareEncryptionDto | null,
): Record<string, string> {
  const early = earlyDownload(shareId, encryption);
  return TICKET_ATTRIBUTE in early ? { ...early, [ZIP_ATTRIBUTE]: zipName } : early;
}
