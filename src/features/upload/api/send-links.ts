import { useMutation } from '@tanstack/react-query';
import type { SendRequest, SendResult } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { localFailure } from '@/lib/api/failure';
import { getOwnerToken } from '@/lib/upload-engine/owned-files';

export interface SendLinksInput {
  recipients: readonly string[];
  title: string;
  message: string;
  /** Files this device uploaded; their owner tokens prove it to the server. */
  shareIds: readonly string[];
  /** The mail is written in the sender's language ('en' | 'tr'). */
  language: string;
}

/**
 * POST /send: the server writes and sends one mail with the files' names, links and expiry. It
 * resolves only once the server accepted the mail, so the page never says "sent" too early.
 */
export async function sendLinks(input: SendLinksInput, signal?: AbortSignal): Promise<SendResult> {
  const items = await Promise.all(
    input.shareIds.map(async (shareId) => {
      const ownerToken = await getOwnerToken(shareId);
      if (ownerToken === undefined) {
        throw localFailure('owner_token_missing', 'This device no longer holds the proof that it uploaded the file.');
      }
      return { shareId, ownerToken };
    }),
  );
  return apiClient.call<SendResult>('send', {
    body: {
      recipients: [...input.recipients],
      title: input.title,
      message: input.message,
      items,
      language: input.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    } satisfies SendRequest,
    signal,
  });
}

export function useSendLinks() {
  return useMutation({ mutationFn: (input: SendLinksInput) => sendLinks(input) });
}
