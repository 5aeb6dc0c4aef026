// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, LEASE_MS, MESSAGE_BUDGET_MS, SYNC_BUDGET_MS } from './timings';

// What goes wrong when the order breaks: a worker killed for overrunning an event (a lost part),
// a job held idle by a dead runner's lease, a heartbeat that comes after its event ended.
describe('the timings the page and the worker depend on', () => {
  it('keep their order: heartbeat < lease < message budget < an event’s limit in Chromium', () => {
    expect(HEARTBEAT_MS).toBeLessThan(LEASE_MS);
    expect(LEASE_MS).toBeLessThan(MESSAGE_BUDGET_MS);
    expect(MESSAGE_BUDGET_MS).toBeLessThan(5 * 60_000);
    expect(SYNC_BUDGET_MS).toBeLessThan(3 * 60_000);
  });
});
