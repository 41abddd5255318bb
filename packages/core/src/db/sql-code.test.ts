import { STOCK_TYPE } from '@vitrin/shared/constants';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlCode, sqlCodes } from './sql-code.ts';

const text = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query);

describe('sqlCode', () => {
  it('writes a stored code into the statement as its integer, not as a parameter', () => {
    expect(text(sql`p.stock_type = ${sqlCode(STOCK_TYPE.Variant)}`)).toEqual({
      sql: 'p.stock_type = 2',
      params: [],
    });
    expect(text(sql`price_type in (${sqlCodes(2, 3, 4, 5)})`)).toEqual({
      sql: 'price_type in (2, 3, 4, 5)',
      params: [],
    });
  });

  it('refuses what is not an integer', () => {
    expect(() => sqlCode(Number.NaN)).toThrow();
    expect(() => sqlCode(1.5)).toThrow();
  });
});
