import { INSTALMENT_CHOICES } from '@vitrin/shared/api/cart';
import type {
  InstalmentGroupView,
  InstalmentRowView,
  InstalmentTableView,
} from '@vitrin/shared/api/instalments';
import type { InstalmentOption, PaymentProvider, PaymentProviders } from './provider.ts';

export const INSTALMENTS_UNAVAILABLE =
  'Taksit seçenekleri şu anda ödeme sağlayıcısından alınamadı; tek çekim ödeyebilirsiniz.';

export interface InstalmentTablesOptions {
  providers: Pick<PaymentProviders, 'active'>;
  /** How long a provider may take before the table is a single payment. Default 4 s. */
  timeoutMs?: number;
  /** How long a card's (BIN) table is kept; the general table; an unanswered one. */
  cardTtlMs?: number;
  generalTtlMs?: number;
  failedTtlMs?: number;
  /** Tables kept at most (the oldest goes first). */
  maxEntries?: number;
  now?: () => number;
  logger?: { error(fields: Record<string, unknown>, message: string): void };
}

export interface InstalmentTableQuery {
  /** The first 6-8 digits of the card; absent for the general table. */
  bin?: string;
  /** What instalments are priced on: the shop's instalment price (type 4). */
  amountMinor: number;
  /** The single payment when it is lower than `amountMinor` (the sale price); default `amountMinor`. */
  singleMinor?: number;
}

const offered = new Set<number>(INSTALMENT_CHOICES);
const singleRow = (minor: number): InstalmentRowView => ({
  count: 1,
  totalMinor: minor,
  monthlyMinor: minor,
});

/**
 * The provider's rows as groups per card programme: the shop's single payment first, then the provider's
 * instalments (its interest on the shop's instalment price) of the counts the shop offers.
 */
export function groupRows(options: InstalmentOption[], singleMinor: number): InstalmentGroupView[] {
  const groups = new Map<string, InstalmentGroupView>();
  for (const o of options) {
    const key = `${o.bank ?? ''}|${o.family ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      group = { bank: o.bank ?? null, family: o.family ?? null, rows: [singleRow(singleMinor)] };
      groups.set(key, group);
    }
    if (o.count >= 2 && offered.has(o.count) && !group.rows.some((r) => r.count === o.count)) {
      group.rows.push({ count: o.count, totalMinor: o.totalMinor, monthlyMinor: o.monthlyMinor });
    }
  }
  const list = [...groups.values()].map((g) => ({ ...g, rows: g.rows.sort((a, b) => a.count - b.count) }));
  // A programme's rows beside an unnamed single payment: the unnamed one adds nothing.
  const named = list.filter((g) => g.bank || g.family);
  const result = named.length > 0 ? list.filter((g) => g.bank || g.family || g.rows.length > 1) : list;
  return result.length > 0 ? result : [{ bank: null, family: null, rows: [singleRow(singleMinor)] }];
}

/**
 * Instalment tables of the provider of new payments, kept a short while per provider, card prefix (BIN)
 * and amount, one request at a time per key however many pages ask. A provider that does not answer in
 * time (down, slow) gives a single payment and a Turkish sentence saying so: checkout goes on without it.
 * Only the BIN is ever passed here; it is neither logged nor kept beyond the cache key.
 */
export function createInstalmentTables(options: InstalmentTablesOptions) {
  const timeoutMs = options.timeoutMs ?? 4_000;
  const cardTtl = options.cardTtlMs ?? 10 * 60_000;
  const generalTtl = options.generalTtlMs ?? 10 * 60_000;
  const failedTtl = options.failedTtlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 2_000;
  const now = options.now ?? Date.now;
  const logger = options.logger ?? {
    error: (fields: Record<string, unknown>, message: string) => console.error(message, fields),
  };
  const kept = new Map<string, { until: number; table: Promise<InstalmentTableView> }>();

  async function ask(provider: PaymentProvider, query: InstalmentTableQuery): Promise<InstalmentTableView> {
    const singleMinor = Math.min(query.singleMinor ?? query.amountMinor, query.amountMinor);
    let timer: NodeJS.Timeout | undefined;
    try {
      const rows = await Promise.race([
        provider.instalmentOptions({
          ...(query.bin ? { bin: query.bin } : {}),
          amountMinor: query.amountMinor,
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      const groups = groupRows(rows, singleMinor);
      const first = query.bin ? groups.find((g) => g.bank || g.family) : undefined;
      return {
        provider: provider.name,
        card: query.bin ? { bank: first?.bank ?? null, family: first?.family ?? null } : null,
        groups: query.bin && first ? [first] : groups,
        available: true,
        message: null,
      };
    } catch (err) {
      logger.error(
        {
          provider: provider.name,
          card: Boolean(query.bin),
          err: err instanceof Error ? err.message : 'error',
        },
        'instalment table unavailable; a single payment is offered',
      );
      return {
        provider: provider.name,
        card: query.bin ? { bank: null, family: null } : null,
        groups: [{ bank: null, family: null, rows: [singleRow(singleMinor)] }],
        available: false,
        message: INSTALMENTS_UNAVAILABLE,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async table(query: InstalmentTableQuery): Promise<InstalmentTableView> {
      const { provider, reason } = await options.providers.active();
      const singleMinor = Math.min(query.singleMinor ?? query.amountMinor, query.amountMinor);
      if (!provider) {
        return {
          provider: null,
          card: null,
          groups: [{ bank: null, family: null, rows: [singleRow(singleMinor)] }],
          available: false,
          message: reason,
        };
      }
      const key = [provider.name, query.bin ?? '', query.amountMinor, singleMinor].join('|');
      const at = now();
      const hit = kept.get(key);
      if (hit && hit.until > at) return hit.table;
      kept.delete(key);
      const entry = { until: at + (query.bin ? cardTtl : generalTtl), table: ask(provider, query) };
      kept.set(key, entry);
      if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
      const table = await entry.table;
      // A provider that did not answer is asked again soon, not after the full time.
      if (!table.available) entry.until = Math.min(entry.until, at + failedTtl);
      return table;
    },
  };
}

export type InstalmentTables = ReturnType<typeof createInstalmentTables>;
