import { describe, it } from 'vitest';

const absent = () => {};

/**
 * Tests that apply to one kind of database or store only (pg_dump on PostgreSQL, a public object in a
 * bucket): registered where they apply and absent elsewhere, not skipped, so a run's skipped count stays
 * the count of tests someone turned off.
 */
export const describeWhere = (applies: unknown): typeof describe =>
  applies ? describe : (absent as unknown as typeof describe);

export const itWhere = (applies: unknown): typeof it => (applies ? it : (absent as unknown as typeof it));
