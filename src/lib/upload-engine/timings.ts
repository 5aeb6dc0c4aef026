// The timings the page, the engine and the service worker depend on each other through, in one
// place (docs/architecture.md, "The page and the worker"):
//
//   HEARTBEAT_MS (20 s)  <  LEASE_MS (30 s)  <  MESSAGE_BUDGET_MS (60 s)  <  Chromium's ~5 min per event
//
// - An open page sends the worker a message every HEARTBEAT_MS while uploads are unfinished. Each
//   message is a new event, which keeps the worker alive; each lasts at most MESSAGE_BUDGET_MS, so
//   the next heartbeat always arrives while the last event still runs, and no event overruns
//   Chromium's limit (a worker killed for that would lose the part in flight).
// - A runner's claim on a job (its lease) lasts LEASE_MS and is renewed every third of it. A runner
//   that died (a killed worker, a closed tab) holds its jobs at most LEASE_MS; the next heartbeat
//   after that lets a living runner take them. A lease longer than the budget of the event that
//   took it would let a job sit idle after the worker stopped.

/** How often an open page reminds the runner of unfinished jobs. */
export const HEARTBEAT_MS = 20_000;

/** How long a runner's claim on a job lasts without being renewed (renewed every third of it). */
export const LEASE_MS = 30_000;

/** Longest a page message keeps the worker busy. */
export const MESSAGE_BUDGET_MS = 60_000;

/** Longest a `sync` event keeps the worker busy: under Chromium's ~3-minute cap for sync. */
export const SYNC_BUDGET_MS = 150_000;

/**
 * Longest a worker being replaced holds its hand-over event while its runs stop: 5 s. The new
 * version activates only once that event ends; stopping (aborting the parts in flight, giving up
 * the leases) takes well under a second, and a lease not given up by then only has the new
 * version wait out the rest of LEASE_MS.
 */
export const HAND_OVER_BUDGET_MS = 5_000;

/**
 * How long a page waits for the worker to acknowledge a message before running the engine itself:
 * a worker that is starting up answers well within 3 s; one from before the upload handlers never
 * answers, and its page must not wait for it for long.
 */
export const ACK_TIMEOUT_MS = 3_000;

/**
 * Least time a run whose speed is known goes without a finished part before it shows it waits for
 * the network: 3 s. A part at the measured speed finishes well within it on a fast link, and a
 * connection that hangs while the browser says it is online is said within seconds.
 */
export const STALL_MS = 3_000;
