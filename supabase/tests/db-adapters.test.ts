// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScriptDb } from '../functions/_shared/postgres-db.ts';
import { freshDatabase, TARGETS } from './targets.ts';

// The API sees one Db whichever database the host runs on: values and transactions must behave
// the same on both adapters.
describe.each(TARGETS)('the Db adapter on %s', (target) => {
  let db: ScriptDb;

  beforeAll(async () => {
    db = (await freshDatabase(target)).db;
    await db.exec('create table public.adapter_probe (id int primary key, note text)');
  });

  it('returns bigint as a number, numeric as a string, timestamps as Date and jsonb parsed', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      `select 2147483648::bigint as big, count(*) as n, 2.5::numeric as exact, now() as at,
              $1::jsonb as data, $2::text[] as list`,
      [{ ok: true, name: 'ş' }, ['a', 'b']],
    );
    expect(row).toMatchObject({ big: 2147483648, n: 1, exact: '2.5', data: { ok: true, name: 'ş' }, list: ['a', 'b'] });
    expect(row?.at).toBeInstanceOf(Date);
  });

  it('accepts a JS number for a bigint parameter and null for any parameter', async () => {
    const rows = await db.query<{ v: number; z: string | null }>('select $1::bigint + 1 as v, $2::text as z', [
      2 ** 40,
      null,
    ]);
    expect(rows).toEqual([{ v: 2 ** 40 + 1, z: null }]);
  });

  it('commits a transaction, and rolls back everything of one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into public.adapter_probe values (1, $1)', ['kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into public.adapter_probe values (2, $1)', ['lost']);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.query('select id, note from public.adapter_probe order by id');
    expect(rows).toEqual([{ id: 1, note: 'kept' }]);
  });

  it('turns a nested transaction into a savepoint', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into public.adapter_probe values (10, $1)', ['outer']);
      await expect(
        tx.transaction(async (inner) => {
          await inner.query('insert into public.adapter_probe values (11, $1)', ['inner']);
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
      await tx.transaction((inner) => inner.query('insert into public.adapter_probe values (12, $1)', ['inner ok']));
    });
    const rows = await db.query<{ id: number }>('select id from public.adapter_probe where id >= 10 order by id');
    expect(rows.map((r) => r.id)).toEqual([10, 12]);
  });

  it('reports a constraint violation as a rejected query', async () => {
    await expect(db.query('insert into public.adapter_probe values (1, null)')).rejects.toThrow(/duplicate key/);
  });
});
