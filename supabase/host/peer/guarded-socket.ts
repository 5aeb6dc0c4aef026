// The signalling server's WebSocket: a socket that a page does not read is closed rather than let
// the host queue for it, and every incoming message passes a guard before PeerJS sees it.
import { WebSocket } from 'ws';

/** Decides on each incoming message: true hands it to PeerJS, false drops it. */
export type MessageGuard = (data: unknown) => boolean;

function byteLength(data: unknown): number {
  if (typeof data === 'string') return Buffer.byteLength(data);
  if (ArrayBuffer.isView(data) || data instanceof ArrayBuffer) return data.byteLength;
  return 0;
}

export interface GuardedSocket extends WebSocket {
  guard: MessageGuard;
}

/** A WebSocket class (ws's `WebSocket` server option) that holds at most `maxBufferedBytes` unsent. */
export function guardedSocketClass(maxBufferedBytes: number): typeof WebSocket {
  return class extends WebSocket implements GuardedSocket {
    // Set for each socket before PeerJS sees it; until then nothing gets through.
    guard: MessageGuard = () => false;

    override send(data: Parameters<WebSocket['send']>[0], ...rest: unknown[]): void {
      if (this.readyState !== WebSocket.OPEN) return;
      // PeerJS relays to a page whatever anyone sends it; a page that stops reading would make the
      // host hold all of it. Such a page is gone as far as signalling goes: drop it.
      if (this.bufferedAmount + byteLength(data) > maxBufferedBytes) {
        this.terminate();
        return;
      }
      (super.send as (...args: unknown[]) => void).call(this, data, ...rest);
    }

    override emit(event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'message' && (this.readyState !== WebSocket.OPEN || !this.guard(args[0]))) return false;
      return super.emit(event, ...args);
    }
  };
}
