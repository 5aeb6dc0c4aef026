import type { ShareEncryptionDto } from '@domain/api-types';
import {
  API_KEY_ATTRIBUTE,
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
 * app, which asks for the password.
 */
export function earlyDownload(shareId: string, encryption: ShareEncryptionDto | null): Record<string, string> {
  if (encryption?.password) return {};
  const ticket = { [TICKET_ATTRIBUTE]: ticketPath(shareId), [API_KEY_ATTRIBUTE]: env.supabaseAnonKey };
  return encryption ? { ...ticket, [KEY_CHECK_ATTRIBUTE]: encryption.keyCheck } : ticket;
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
