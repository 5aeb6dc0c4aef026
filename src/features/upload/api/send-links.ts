import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/supabase';
import { getOwnerToken } from '@/lib/upload-engine/store';

export interface SendLinksInput {
  recipients: readonly string[];
  title: string;
  message: string;
  /** Files this device uploaded; their owner tokens prove it to the server. */
  shareIds: readonly string[];
  /** The mail is written in the sender's language ('en' | 'tr'). */
  language: string;
}

export interface SendLinksResult {
  accepted: string[];
}

export const MISSING_OWNER_TOKEN_MESSAGE = 'This device no longer holds the proof that it uploaded the file.';

/**
 * POST /send: the server writes and sends one mail with the files' names, links and expiry. It
 * resolves only once the server accepted the mail, so the page never says "sent" too early.
 */
export async function sendLinks(input: SendLinksInput, signal?: AbortSignal): Promise<SendLinksResult> {
  const items = await Promise.all(
    input.shareIds.map(async (shareId) => {
      const ownerToken = await getOwnerToken(shareId);
      if (ownerToken === undefined) throw new Error(MISSING_OWNER_TOKEN_MESSAGE);
      return { shareId, ownerToken };
    }),
  );
  return callApi<SendLinksResult>('send', {
    method: 'POST',
    body: {
      recipients: input.recipients,
      title: input.title,
      message: input.message,
      items,
      language: input.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    signal,
  });
}

export function useSendLinks() {
  return useMutation({ mutationFn: (input: SendLinksInput) => sendLinks(input) });
}
