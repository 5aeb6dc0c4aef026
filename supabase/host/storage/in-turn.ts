// One action at a time per key, in the order they were asked for: what keeps two requests about
// the same part, or the same upload, from moving the same files at once.

/** Runs `action` after every action queued before under `key` in `queue`, one at a time. */
export async function inTurn(
  queue: Map<string, Promise<void>>,
  key: string,
  action: () => Promise<void>,
): Promise<void> {
  const next = (queue.get(key) ?? Promise.resolve()).then(action);
  const settled = next.catch(() => {});
  queue.set(key, settled);
  try {
    await next;
  } finally {
    if (queue.get(key) === settled) queue.delete(key);
  }
}
