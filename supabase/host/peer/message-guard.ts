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

/** Close codes (RFC 6455): 1007 a message that is not what the protocol says, 1008 a policy. */
const INVALID_MESSAGE = 1007;
const POLICY = 1008;

export interface GuardedPeer {
  close(code: number, reason: string): void;
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
  const unknownIds = TokenBucket.perMinute(limits.unknownIdBurstPerSocket, limits.unknownIdsPerMinute);
  const asked = new Set<string>();
  const refuse = (code: number, reason: string) => {
    socket.close(code, reason);
    return false;
  };
  return (data) => {
    if (!messages.take()) return refuse(POLICY, 'Too many messages');
    let message: unknown;
    try {
      message = JSON.parse(String(data));
    } catch {
      return refuse(INVALID_MESSAGE, 'Not a signalling message');
    }
    if (typeof message !== 'object' || message === null) return refuse(INVALID_MESSAGE, 'Not a signalling message');
    const { type, dst } = message as { type?: unknown; dst?: unknown };
    if (typeof type !== 'string') return refuse(INVALID_MESSAGE, 'Not a signalling message');
    // PeerJS forgets a page that sends a LEAVE to nobody while its socket stays open, and relays
    // to it after that without telling us; pages never send one.
    if (dst === undefined) return type !== 'LEAVE';
    if (typeof dst !== 'string') return refuse(INVALID_MESSAGE, 'Not a signalling message');
    if (!QUEUED_TYPES.has(type)) return true;
    if (isLive(dst)) return true;
    // A page's offer to an absent id comes with its ICE candidates: the first message is queued
    // (the id may be reconnecting) and answered; the rest would only fill the queue.
    if (asked.has(dst)) return false;
    if (!unknownIds.take() || !gate.takeUnknownId(address)) return refuse(POLICY, 'Too many unknown ids');
    if (asked.size >= REMEMBERED_UNKNOWN_IDS) asked.delete(asked.values().next().value ?? '');
    asked.add(dst);
    return true;
  };
}
