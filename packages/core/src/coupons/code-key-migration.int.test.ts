import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { couponCodeKey } from './code.ts';

/** The migration that gave coupons their folded key, run on a shop whose coupons were saved before it. */
const KEY_MIGRATION = '0025_deep_risque';
const migrations = fileURLToPath(new URL('../db/migrations', import.meta.url));
const before = mkdtempSync(path.join(tmpdir(), 'vitrin-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

describe('the coupon key migration', () => {
  it('gives every saved code its key, keeps them working, and renames a code that would share one', async () => {
    cpSync(migrations, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === KEY_MIGRATION);
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      // Saved by the old panel: upper-cased the Turkish way, `i` as `İ`; and one told apart by İ/I only.
      await client.query(
        `insert into coupons (code, kind, value, is_active) values
           ('KASİM10', 'percent', 10, true), ('HOSGELDİN', 'percent', 5, false),
           ('HOSGELDIN', 'percent', 5, true), ('ŞUBAT_25', 'amount', 2500, true)`,
      );
      await migrate(db, { migrationsFolder: migrations });
      const { rows } = await client.query<{ code: string; code_key: string; id: number }>(
        'select id, code, code_key from coupons order by id',
      );
      expect(rows.map((r) => [r.code, r.code_key])).toEqual([
        ['KASİM10', 'kasim10'],
        [`HOSGELDİN-${rows[1]!.id}`, `hosgeldin-${rows[1]!.id}`],
        ['HOSGELDIN', 'hosgeldin'],
        ['ŞUBAT_25', 'subat_25'],
      ]);
      // What a shopper types now finds them.
      for (const [typed, code] of [
        ['KASIM10', 'KASİM10'],
        ['kasım10', 'KASİM10'],
        ['hoşgeldin', 'HOSGELDIN'],
        ['subat_25', 'ŞUBAT_25'],
      ] as const) {
        const found = await client.query<{ code: string }>('select code from coupons where code_key = $1', [
          couponCodeKey(typed),
        ]);
        expect(found.rows.map((r) => r.code)).toEqual([code]);
      }
    } finally {
      await client.close();
    }
  });
});
