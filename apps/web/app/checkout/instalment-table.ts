import type { InstalmentTableView } from '@vitrin/shared/api/instalments';
import { useEffect, useState } from 'react';
import { useApi } from '../lib/api-context.tsx';

/** What is asked: the general table of an amount, or a card's by its first six digits (never more). */
export type InstalmentAsk =
  | { amountMinor: number; singleMinor?: number; bin?: undefined }
  | { amountMinor: number; singleMinor?: number; bin: string };

type Loaded =
  | { state: 'idle' | 'loading' }
  | { state: 'done'; table: InstalmentTableView }
  | { state: 'failed' };

/** The first six digits of what is typed in a card number field, once there are six. */
export const binOf = (typed: string) => {
  const digits = typed.replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(0, 6) : null;
};

/**
 * The provider's table through the shop's API: a GET for the general one (browsers keep it a minute), a
 * POST with the BIN alone for a card's. Null asks nothing. A failure without an answer reads as `failed`.
 */
export function useInstalmentTable(ask: InstalmentAsk | null): Loaded {
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });
  const key = ask ? `${ask.bin ?? ''}|${ask.amountMinor}|${ask.singleMinor ?? ''}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything `ask` holds.
  useEffect(() => {
    if (!ask) {
      setLoaded({ state: 'idle' });
      return;
    }
    let current = true;
    setLoaded({ state: 'loading' });
    const single = ask.singleMinor !== undefined ? { single: ask.singleMinor } : {};
    const request = ask.bin
      ? api<InstalmentTableView>('/api/front/payments/instalments/card', {
          method: 'POST',
          body: { bin: ask.bin, amount: ask.amountMinor, ...single },
          quiet: true,
        })
      : api<InstalmentTableView>('/api/front/payments/instalments', {
          query: { amount: ask.amountMinor, ...single },
          quiet: true,
        });
    request.then(
      (table) => current && setLoaded({ state: 'done', table }),
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [key, api]);
  return loaded;
}

export const groupName = (g: { bank: string | null; family: string | null }) =>
  [g.bank, g.family].filter(Boolean).join(' · ');

/**
 * The checkout's instalment counts from the provider's general table: the counts any card programme offers
 * (the test bank: all the shop's), or a single payment with why when the provider did not answer. Until it
 * answers (and without JavaScript) the shop's own counts stand.
 */
export function useOfferedCounts(amountMinor: number, singleMinor: number) {
  const loaded = useInstalmentTable({ amountMinor, singleMinor });
  if (loaded.state === 'failed') return { counts: [1], unavailable: true, interest: false };
  if (loaded.state !== 'done') return null;
  const { table } = loaded;
  if (!table.available) return { counts: [1], unavailable: true, interest: false };
  const rows = table.groups.flatMap((g) => g.rows);
  return {
    counts: [...new Set(rows.map((r) => r.count))].sort((a, b) => a - b),
    unavailable: false,
    interest: rows.some((r) => r.count > 1 && r.totalMinor > amountMinor),
  };
}
