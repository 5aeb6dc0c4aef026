// Calls into a dedicated worker as promises. Each request carries an id; the worker answers it with
// the same id, either done or failed with the error's name and message, so the page's caller gets a
// rejection it can tell apart by name (NotSupportedError: write another way). A worker whose script
// did not load or threw fails every call, pending and later.

/** A request as it travels: the protocol's own fields plus the id its answer is matched by. */
export type WorkerRequest<R> = R & { id: number };

export type WorkerReply = { id: number; ok: true } | { id: number; ok: false; name: string; message: string };

/** The page's side: sends requests to `worker` and resolves each when its answer comes. */
export class WorkerCalls<R extends object> {
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private broken: Error | undefined;

  /** `name` begins the sentence of a stopped worker ("The file writer stopped: ..."). */
  constructor(
    private readonly worker: Worker,
    name: string,
  ) {
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve();
      else waiting?.reject(Object.assign(new Error(reply.message), { name: reply.name }));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(`${name} stopped: ${event.message || 'it did not start'}`));
    };
  }

  /** Resolves when the worker has done `request`; `transfer` moves those buffers instead of copying them. */
  call(request: R, transfer: Transferable[] = []): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } satisfies WorkerRequest<R>, transfer);
    });
  }

  /** Stops the worker; every call pending or to come fails with `reason`. */
  terminate(reason: string): void {
    this.worker.terminate();
    this.fail(new Error(reason));
  }

  private fail(error: Error): void {
    this.broken ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

interface WorkerScope<R> {
  onmessage: ((event: MessageEvent<WorkerRequest<R>>) => void) | null;
  postMessage(message: WorkerReply): void;
}

/** The worker's side: runs `handle` for each request and answers it, done or failed. */
export function answerCalls<R>(handle: (request: WorkerRequest<R>) => Promise<void>): void {
  const scope = self as unknown as WorkerScope<R>;
  scope.onmessage = (event) => {
    const request = event.data;
    handle(request).then(
      () => scope.postMessage({ id: request.id, ok: true }),
      (error: unknown) =>
        scope.postMessage({
          id: request.id,
          ok: false,
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  };
}
