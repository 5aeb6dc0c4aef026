// What one visitor may do to the PeerJS signalling server: its messages, its sockets and its
// guesses at other pages' ids. Signalling carries only connection set-up (SDP, ICE candidates),
// so a page needs one socket, a few kilobytes a message and a burst of messages per transfer.
import { HostError } from '../settings.ts';

export interface PeerLimits {
  /** Largest message a socket may send; a bigger one closes it (1009). */
  maxMessageBytes: number;
  /** Unsent bytes a socket may have waiting; a message past this closes the socket instead. */
  maxBufferedBytes: number;
  /** Sockets one address may hold at once. */
  socketsPerAddress: number;
  /** New sockets one address may open in a row before the rate below applies. */
  connectBurst: number;
  /** New sockets one address may open per minute once its burst is spent. */
  connectsPerMinute: number;
  /** Messages to ids nobody holds that one address may send in a row. */
  unknownIdBurstPerAddress: number;
  /** Messages to ids nobody holds that one socket may send in a row. */
  unknownIdBurstPerSocket: number;
  /** Messages to ids nobody holds, per minute, once a burst is spent (socket and address alike). */
  unknownIdsPerMinute: number;
  /** Messages one socket may send in a row. */
  messageBurst: number;
  /** Messages one socket may send per second once its burst is spent. */
  messagesPerSecond: number;
  /** Bytes of messages one socket may send in a row. */
  messageBytesBurst: number;
  /** Bytes of messages one socket may send per second once that burst is spent. */
  messageBytesPerSecond: number;
}

/** Default 64 KiB (PEER_MAX_MESSAGE_KB): an SDP offer is a few kilobytes, candidates far less. */
const DEFAULT_MAX_MESSAGE_KB = 64;
/** Default 1 MiB (PEER_MAX_BUFFERED_KB): sixteen full messages that a page has not read yet. */
const DEFAULT_MAX_BUFFERED_KB = 1024;
/** Default 20 (PEER_SOCKETS_PER_ADDRESS): a page holds one, so a household or office has room. */
const DEFAULT_SOCKETS_PER_ADDRESS = 20;
/** Default 20: a page reconnects after a network change; a few tabs open at once. */
const CONNECT_BURST = 20;
/** Default 10 a minute (PEER_CONNECTS_PER_MINUTE): a page retries at most every 10 s. */
const DEFAULT_CONNECTS_PER_MINUTE = 10;
/** Default 10: each mistyped receive code costs one. */
const UNKNOWN_ID_BURST_PER_ADDRESS = 10;
/** Default 5: a person retrying a code on one page. */
const UNKNOWN_ID_BURST_PER_SOCKET = 5;
/**
 * Default 6 a minute (PEER_UNKNOWN_IDS_PER_MINUTE): one per 10 s, slower than a person reads a
 * code and types it, and what keeps receive codes from being found by guessing (docs/security.md).
 */
const DEFAULT_UNKNOWN_IDS_PER_MINUTE = 6;
/** Default 200: an offer, an answer and a few dozen ICE candidates per transfer, several at once. */
const MESSAGE_BURST = 200;
/** Default 20 a second: heartbeats come every 5 s; anything faster is a flood. */
const MESSAGES_PER_SECOND = 20;
/** Default 1 MiB: a transfer's signalling is some 20 KB (an offer, an answer, the candidates). */
const MESSAGE_BYTES_BURST = 1024 * 1024;
/** Default 64 KiB a second: a page's signalling, with room; a flood of big messages is cut soon. */
const MESSAGE_BYTES_PER_SECOND = 64 * 1024;

function wholeNumber(given: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = given[name]?.trim();
  if (!raw) return fallback;
  if (!/^[1-9]\d{0,8}$/.test(raw)) {
    throw new HostError(`${name} must be a whole number above 0 (default ${fallback}), not "${raw}".`);
  }
  return Number(raw);
}

/** The limits from the environment (empty means the default); a malformed value is a HostError. */
export function readPeerLimits(given: Record<string, string | undefined>): PeerLimits {
  const maxMessageBytes = wholeNumber(given, 'PEER_MAX_MESSAGE_KB', DEFAULT_MAX_MESSAGE_KB) * 1024;
  return {
    maxMessageBytes,
    maxBufferedBytes: wholeNumber(given, 'PEER_MAX_BUFFERED_KB', DEFAULT_MAX_BUFFERED_KB) * 1024,
    socketsPerAddress: wholeNumber(given, 'PEER_SOCKETS_PER_ADDRESS', DEFAULT_SOCKETS_PER_ADDRESS),
    connectBurst: CONNECT_BURST,
    connectsPerMinute: wholeNumber(given, 'PEER_CONNECTS_PER_MINUTE', DEFAULT_CONNECTS_PER_MINUTE),
    unknownIdBurstPerAddress: UNKNOWN_ID_BURST_PER_ADDRESS,
    unknownIdBurstPerSocket: UNKNOWN_ID_BURST_PER_SOCKET,
    unknownIdsPerMinute: wholeNumber(given, 'PEER_UNKNOWN_IDS_PER_MINUTE', DEFAULT_UNKNOWN_IDS_PER_MINUTE),
    messageBurst: MESSAGE_BURST,
    messagesPerSecond: MESSAGES_PER_SECOND,
    // At least one message of the largest size the operator allows.
    messageBytesBurst: Math.max(MESSAGE_BYTES_BURST, maxMessageBytes),
    messageBytesPerSecond: MESSAGE_BYTES_PER_SECOND,
  };
}
