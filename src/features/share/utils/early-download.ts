import { API_KEY_ATTRIBUTE, TICKET_ATTRIBUTE, ticketPath, ZIP_ATTRIBUTE } from '@/config/boot-contract';
import { env } from '@/config/env';

/**
 * The attributes that let public/boot.js start a file's download on a tap before the app is
 * live (a host-rendered download page starts the app only on the first tap).
 */
export function earlyDownload(shareId: string): Record<string, string> {
  return { [TICKET_ATTRIBUTE]: ticketPath(shareId), [API_KEY_ATTRIBUTE]: env.supabaseAnonKey };
}

/**
 * The attributes that let public/boot.js start a transfer's Download all on a tap before the app
 * is live: the transfer's download POST and the zip's name (the service worker makes the zip).
 */
export function earlyZip(shareId: string, zipName: string): Record<string, string> {
  return { ...earlyDownload(shareId), [ZIP_ATTRIBUTE]: zipName };
}
