// The direct-transfer protocol's numbers, each named once with the reason for its value. No imports:
// the benchmark (bench/p2p.ts) reads the chunk size and flow control from here too.

/** Bumped when frames or messages change incompatibly; both sides must speak the same one. */
export const PROTOCOL_VERSION = 3;

/**
 * Chromium refuses data-channel messages over 256 KiB (its SDP says max-message-size 262144), and
 * a frame carries 10 bytes of header and a 16-byte MAC. Measured between two Chromium instances on
 * the 2-core test machine, 256 KiB messages moved 1.5 times the bytes per second of 64 KiB ones
 * (fewer messages, fewer crypto calls, less per-message SCTP work), so chunks take all the room:
 * 255 KiB of file per frame.
 */
export const CHUNK_SIZE = 255 * 1024;

/** The largest frame we send or accept; anything bigger is not ours. */
export const MAX_FRAME_SIZE = 256 * 1024;

/**
 * The sender stops reading when the data channel holds this much unsent data, and goes on when it
 * has drained to BUFFER_LOW. Enough to keep SCTP busy between two wake-ups of the page, small
 * enough that the sender's memory stays flat (PeerJS queues in memory above 8 MiB: we never reach it).
 */
export const BUFFER_HIGH = 4 * 1024 * 1024;
export const BUFFER_LOW = 1024 * 1024;

/**
 * Chunks sent but not yet written to disk by the receiver. WebRTC has no receive-side flow control,
 * so without this window a receiver whose disk is slower than the network would pile chunks up in
 * memory. 64 chunks (about 16 MiB) cover the round trip of an acknowledgement on a fast link.
 */
export const WINDOW_CHUNKS = 64;

/**
 * The sender reads files this many chunks at a time (about 2 MiB): each read is a round trip to the
 * browser process, and one of 2 MiB costs far less than eight of 255 KiB. Two blocks at most are held.
 */
export const READ_BLOCK_CHUNKS = 8;

/**
 * The receiver writes chunks in batches of this many (about 2 MiB), or fewer at a file's end, and
 * acknowledges each batch once it is written.
 */
export const WRITE_BATCH_CHUNKS = 8;

/** At most this many files in one offer; more is a folder nobody sends peer to peer. */
export const MAX_OFFER_FILES = 10_000;

/** Longest file path (folder included) in an offer, in characters. */
export const MAX_PATH_LENGTH = 1024;

/**
 * Where a browser can write neither to a chosen file nor to its private file system, received files
 * are kept in memory, at most this much in total; the receiver is told before accepting.
 */
export const MEMORY_LIMIT_BYTES = 512 * 1024 * 1024;

/**
 * After a lost connection, both pages try to reconnect for this long before giving up. Long enough
 * for a phone to move from Wi-Fi to mobile data; short enough that a person is not left guessing.
 */
export const RECONNECT_GRACE_MS = 2 * 60_000;

/** Waits between reconnection attempts (the first is immediate; the last repeats). */
export const RECONNECT_DELAYS_MS = [0, 1_000, 2_000, 4_000] as const;

/** This many "peer not found" answers in a row while reconnecting mean the other page is gone. */
export const PEER_GONE_AFTER_MISSES = 3;

/** A dial that has not opened a data channel after this long is given up (ICE found no path). */
export const DIAL_TIMEOUT_MS = 30_000;
