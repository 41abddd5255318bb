import { openTestDatabase } from '@vitrin/testing/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { preparedRows } from './statements.ts';

describe('prepared statements', () => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    await database.query(
      'create table prepared_probe (id serial primary key, note text unique, at timestamptz)',
    );
  });
  afterAll(() => dispose());

  const probe = (at: Date, note: string) => sql`select ${note}::text as note, ${at}::timestamptz as at,
    ${JSON.stringify({ a: [1, 'ş'] })}::jsonb as doc, 9007199254740993::int8 as big, null::int as nothing,
    true as yes, 12::int as n`;
  /** The rows of Drizzle's own query path. */
  const plainRows = async (query: ReturnType<typeof probe>) =>
    ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;

  it('answers rows as a plain query does, the first time and again', async () => {
    const at = new Date('2026-11-25T10:00:00.123Z');
    const plain = await plainRows(probe(at, 'İğdır'));
    expect(await preparedRows(database.db, 'probe', probe(at, 'İğdır'))).toEqual(plain);
    const later = new Date('2026-11-26T10:00:00Z');
    const again = await preparedRows<{ note: string; at: string }>(
      database.db,
      'probe',
      probe(later, 'Çorum'),
    );
    expect(again).toEqual(await plainRows(probe(later, 'Çorum')));
    expect(again[0]!.note).toBe('Çorum');
  });

  it('keeps answering when more texts than it keeps parsed come and go', async () => {
    for (let n = 0; n < 210; n++) {
      const [row] = await preparedRows<{ n: number }>(
        database.db,
        `probe_${n}`,
        sql.raw(`select ${n}::int as n`),
      );
      expect(row!.n).toBe(n);
    }
    expect(await preparedRows(database.db, 'probe_0', sql.raw('select 0::int as n'))).toEqual([{ n: 0 }]);
    if (database.kind === 'pglite') {
      // One engine: what it holds parsed is what the bound lets it keep.
      const [held] = await database.query<{ n: number }>(
        'select count(*)::int as n from pg_prepared_statements',
      );
      expect(held!.n).toBeLessThanOrEqual(200);
    }
  });

  it('refuses with the database error, its code in the cause chain', async () => {
    const insert = (note: string) =>
      preparedRows(
        database.db,
        'probe_insert',
        sql`insert into prepared_probe (note) values (${note}) returning id`,
      );
    await insert('tek');
    const err = await insert('tek').catch((e: unknown) => e);
    const codes: unknown[] = [];
    for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
      codes.push(e.code);
    expect(codes).toContain('23505');
    // The statement still works after the failure.
    expect(await insert('iki')).toHaveLength(1);
  });

  it('waits for a transaction another caller holds open, never running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_probe (note) values ('bekleyen')`);
      await held;
      tx.rollback();
    });
    const count = preparedRows<{ n: number }>(
      database.db,
      'probe_count',
      sql`select count(*)::int as n from prepared_probe where note = ${'bekleyen'}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction.catch(() => {});
    // Run inside the transaction it would have seen the uncommitted row.
    expect((await count)[0]!.n).toBe(0);
  });
});
