// @vitest-environment node
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { transfersKeys } from '../keys';
import { persistTransfers, restoreTransfers } from './persist-transfers';

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 20));
};

describe('the saved Transfers list', () => {
  it('comes back in a new session (offline start), and only the transfers queries are kept', async () => {
    const db = 'persist-transfers-test';
    const first = new QueryClient();
    const stop = persistTransfers(first, db);
    first.setQueryData(transfersKeys.list(), [{ shareId: 'abc', name: 'kept.txt' }]);
    first.setQueryData(['admin', 'stats'], { secret: true });

    const second = new QueryClient();
    await until(async () => {
      await restoreTransfers(second, db);
      return second.getQueryData(transfersKeys.list()) !== undefined;
    });
    stop();
    expect(second.getQueryData(transfersKeys.list())).toEqual([{ shareId: 'abc', name: 'kept.txt' }]);
    expect(second.getQueryData(['admin', 'stats'])).toBeUndefined();
  });
});
