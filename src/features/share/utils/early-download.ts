import { API_KEY_ATTRIBUTE, TICKET_ATTRIBUTE, ticketPath } from '@/config/boot-contract';
import { env } from '@/config/env';

/**
 * The attributes that let public/boot.js start a file's download on a tap before the app is
 * live (a host-rendered download page starts the app only on the first tap).
 */
export function earlyDownload(shareId: string): Record<string, string> {
  return { [TICKET_ATTRIBUTE]: ticketPath(shareId), [API_KEY_ATTRIBUTE]: env.supabaseAnonKey };
}
