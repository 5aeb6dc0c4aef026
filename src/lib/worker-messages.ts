// Messages the page sends to the service worker about the worker itself, shared by both sides
// (sw/messages.ts answers them). The upload queue's messages are upload-engine/protocol.ts.

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
