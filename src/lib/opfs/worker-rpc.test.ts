// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { WorkerCalls, type WorkerReply, type WorkerRequest } from './worker-rpc';

type Request = { op: 'write'; bytes: number } | { op: 'hang' };

/**
 * A stand-in for a dedicated worker (Node has none): it answers each request as a worker running
 * `answerCalls` would, a write of a negative size with the error a full disk gives, and never
 * answers `hang`. `crash` is its script throwing, as the browser reports it.
 */
class FakeWorker {
  onmessage: ((event: { data: WorkerReply }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  terminated = false;

  postMessage(request: WorkerRequest<Request>): void {
    if (request.op === 'hang') return;
    const reply: WorkerReply =
      request.bytes >= 0
        ? { id: request.id, ok: true }
        : { id: request.id, ok: false, name: 'QuotaExceededError', message: 'The disk is full' };
    queueMicrotask(() => this.onmessage?.({ data: reply }));
  }

  crash(message: string): void {
    this.onerror?.({ message, preventDefault: () => undefined });
  }

  terminate(): void {
    this.terminated = true;
  }
}

function calls() {
  const worker = new FakeWorker();
  return { worker, calls: new WorkerCalls<Request>(worker as unknown as Worker, 'The file writer') };
}

describe('calls into a dedicated worker', () => {
  it('resolves each call when the worker has done it, and rejects with the error the worker met, by name', async () => {
    const { calls: writer } = calls();
    await expect(writer.call({ op: 'write', bytes: 10 })).resolves.toBeUndefined();
    const refused = writer.call({ op: 'write', bytes: -1 });
    await expect(refused).rejects.toThrow('The disk is full');
    await expect(refused).rejects.toHaveProperty('name', 'QuotaExceededError');
    // One failed call leaves the worker usable.
    await expect(writer.call({ op: 'write', bytes: 1 })).resolves.toBeUndefined();
  });

  it('fails the waiting call and every later one when the worker does not start', async () => {
    const { worker, calls: writer } = calls();
    const waiting = writer.call({ op: 'hang' });
    worker.crash('');
    await expect(waiting).rejects.toThrow('The file writer stopped: it did not start');
    await expect(writer.call({ op: 'write', bytes: 1 })).rejects.toThrow('The file writer stopped');
  });

  it('stops the worker on terminate, and fails what was waiting with the reason given', async () => {
    const { worker, calls: writer } = calls();
    const waiting = writer.call({ op: 'hang' });
    writer.terminate('The file writer was stopped');
    expect(worker.terminated).toBe(true);
    await expect(waiting).rejects.toThrow('The file writer was stopped');
    await expect(writer.call({ op: 'write', bytes: 1 })).rejects.toThrow('The file writer was stopped');
  });
});
