import { type SQL, sql } from 'drizzle-orm';

/**
 * A stored code (`STOCK_TYPE.Variant`, `PRICE_TYPE.Sale` …) written into SQL text as its integer, so raw
 * queries name the code as the TypeScript does and the statement reads as before (a literal, not a parameter:
 * the planner sees the same text, prepared statements keep their shape).
 */
export const sqlCode = (code: number): SQL => {
  if (!Number.isSafeInteger(code)) throw new Error(`not a stored code: ${code}`);
  return sql.raw(String(code));
};

/** Several stored codes for `in (…)`: `1, 2, 3`. */
export const sqlCodes = (...codes: number[]): SQL => sql.join(codes.map(sqlCode), sql.raw(', '));
