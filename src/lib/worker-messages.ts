// Messages the page sends to the service worker about the worker itself, shared by both sides
// (sw/messages.ts answers them), and the one a new version of the worker sends to the version it
// replaces. The upload queue's messages are upload-engine/protocol.ts.

/** Sent by workbox-window's `messageSkipWaiting()` when the person accepts an update. */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

/** Asks which build a worker is; it answers on the message's port with a WorkerVersion. */
export interface GetVersionMessage {
  type: 'GET_VERSION';
}

export type PageToWorkerMessage = SkipWaitingMessage | GetVersionMessage;

/** The answer to GET_VERSION. */
export interface WorkerVersion {
  /** Changes with every file of the build (sw/sw.ts: a hash of the precache list). */
  version: string;
}

/**
 * Sent by a waiting worker to the active one when it is told to take over (SKIP_WAITING). The
 * browser activates the new version only once the old one has no event in flight, and an upload
 * keeps one in flight: the old version stops its uploads and lets its events end
 * (sw/upload-handlers.ts); the new one resumes them from IndexedDB when it activates.
 */
export interface HandOverMessage {
  type: 'HAND_OVER';
}

export function isHandOverMessage(data: unknown): data is HandOverMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'HAND_OVER';
}
