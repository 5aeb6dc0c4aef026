/**
 * Polls `check` every `everyMs` until it gives a value, and returns it; throws, naming `what`,
 * after `timeoutMs`. Tests wait for conditions this way, never for fixed times, so a loaded machine
 * only slows them.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 60_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
