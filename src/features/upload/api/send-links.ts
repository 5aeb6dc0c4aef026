import { useMutation } from '@tanstack/react-query';
import type { MailItem, OwnedItem, SendRequest, SendResult } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { localFailure } from '@/lib/api/failure';
import { linkKeyToFragment } from '@/lib/crypto/link-key';
import { getOwnerToken } from '@/lib/upload-engine/owned-files';
import { linkKeyOf } from '@/lib/upload-engine/owned-transfers';

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
 * The item with the link key this device kept for it: the mail's link must open the files, so the
 * key goes with it (the send form says so). The one request that gives the server a link key.
 */
async function withLinkKey(item: OwnedItem): Promise<MailItem> {
  const key = await linkKeyOf(item.shareId);
  return key === undefined ? item : { ...item, linkKey: linkKeyToFragment(key) };
}

/**
 * POST /send: the server writes and sends one mail with the transfer's link (or the files' names
 * and links) and expiry, each link with its key. It resolves only once the server accepted the
 * mail, so the page never says "sent" too early; `delivery` says whether a mail server took it or
 * only the outbox did.
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
  const owned =
    input.transfer === undefined
      ? files
      : [{ shareId: input.transfer.shareId, ownerToken: input.transfer.ownerToken }, ...files];
  const items = await Promise.all(owned.map(withLinkKey));
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
