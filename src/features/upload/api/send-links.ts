import { useMutation } from '@tanstack/react-query';
import type { OwnedItem, SendRequest, SendResult } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { localFailure } from '@/lib/api/failure';
import { getOwnerToken } from '@/lib/upload-engine/owned-files';

export interface SendLinksInput {
  recipients: readonly string[];
  title: string;
  message: string;
  /** Files this device uploaded; their owner tokens prove it to the server. */
  shareIds: readonly string[];
  /** A transfer this device sent, with its owner token: the mail carries its one link. */
  transfer?: OwnedItem;
  /** The sender's name as they gave it (optional). */
  senderName?: string;
  /** The mail is written in the sender's language ('en' | 'tr'). */
  language: string;
}

/**
 * POST /send: the server writes and sends one mail with the transfer's link (or the files' names
 * and links) and expiry. It resolves only once the server accepted the mail, so the page never
 * says "sent" too early; `delivery` says whether a mail server took it or only the outbox did.
 */
export async function sendLinks(input: SendLinksInput, signal?: AbortSignal): Promise<SendResult> {
  const files = await Promise.all(
    input.shareIds.map(async (shareId) => {
      const ownerToken = await getOwnerToken(shareId);
      if (ownerToken === undefined) {
        throw localFailure('owner_token_missing', 'This device no longer holds the proof that it uploaded the file.');
      }
      return { shareId, ownerToken };
    }),
  );
  const items = input.transfer === undefined ? files : [input.transfer, ...files];
  const senderName = input.senderName?.trim() ?? '';
  return apiClient.call<SendResult>('send', {
    body: {
      recipients: [...input.recipients],
      title: input.title,
      message: input.message,
      ...(senderName === '' ? {} : { senderName }),
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
