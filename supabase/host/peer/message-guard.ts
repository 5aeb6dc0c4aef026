// What a signalling socket may send: a steady trickle of messages, and to ids nobody holds only
// as fast as a person types a receive code. An answer for an id nobody holds (EXPIRE, after
// PeerJS's expire timeout) tells a live id from a dead one, so those messages are what guessing
// costs; relaying to a live id costs nothing.
import type { AddressGate } from './address-gate.ts';
import type { MessageGuard } from './guarded-socket.ts';
import type { PeerLimits } from './limits.ts';
import { TokenBucket } from './token-bucket.ts';

/** Ids nobody holds that one socket remembers having asked for (its repeats are dropped). */
const REMEMBERED_UNKNOWN_IDS = 64;
/** The message types PeerJS keeps for an absent id and answers with EXPIRE. */
const QUEUED_TYPES = new Set(['OFFER', 'ANSWER', 'CANDIDATE']);

export interface GuardedPeer {
  terminate(): void;
}

export function createMessageGuard(options: {
  socket: GuardedPeer;
  address: string;
  gate: AddressGate;
  limits: PeerLimits;
  isLive: (id: string) => boolean;
}): MessageGuard {
  const { socket, address, gate, limits, isLive } = options;
  const messages = new TokenBucket(limits.messageBurst, limits.messagesPerSecond / 1000);
  const bytes = new TokenBucket(limits.messageBytesBurst, limits.messageBytesPerSecond / 1000);
  const unknownIds = TokenBucket.perMinute(limits.unknownIdBurstPerSocket, limits.unknownIdsPerMinute);
  const asked = new Set<string>();
  // A socket past its limits is cut at once: a polite close would go on reading (and parsing)
  // whatever it sends for the close handshake's 30 s. A page only reconnects after a second.
  const refuse = () => {
    socket.terminate();
    return false;
  };
  return (data) => {
    const text = String(data);
    if (!messages.take() || !bytes.take(Buffer.isBuffer(data) ? data.length : text.length)) return refuse();
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return refuse();
    }
    if (typeof message !== 'object' || message === null) return refuse();
    const { type, dst } = message as { type?: unknown; dst?: unknown };
    if (typeof type !== 'string') return refuse();
    // PeerJS forgets a page that sends a LEAVE to nobody while its socket stays open, and relays
    // to it after that without telling us; pages never send one.
    if (dst === undefined) return type !== 'LEAVE';
    if (typeof dst !== 'string') return refuse();
    if (!QUEUED_TYPES.has(type)) return true;
    if (isLive(dst)) return true;
    // A page's offer to an absent id comes with its ICE candidates: the first message is queued
    // (the id may be reconnecting) and answered; the rest would only fill the queue.
    if (asked.has(dst)) return false;
    if (!unknownIds.take() || !gate.takeUnknownId(address)) return refuse();
    if (asked.size >= REMEMBERED_UNKNOWN_IDS) asked.delete(asked.values().next().value ?? '');
    asked.add(dst);
    return true;
  };
}
