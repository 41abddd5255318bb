import { PRICE_TYPE } from '@vitrin/shared/constants';
import { type PriceContext, type PriceEntry, resolveDisplayPrice } from '@vitrin/shared/pricing';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import { rows } from '../catalog/rows.ts';
import type { Db } from '../db/client.ts';
import { type ChannelName, channelListings, productPrices, products, productVariants } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { ChannelListing, ChannelStockPrice } from './channel.ts';

/**
 * The seller's listings on a marketplace (issue 43), by barcode: read from the channel into
 * `channel_listings`, linked to the product or variant with the same barcode (`products.barcode`,
 * `product_variants.barcode`; a variant's first), and what the channel should have for each linked one:
 *
 * - quantity: the shop's stock less the listing's buffer, at least 0, at most 20,000 (Trendyol's cap); an
 *   unlimited stock (a virtual product) is the cap; a product or variant not for sale in the shop is 0;
 * - sale price: the shop's sale price (type 2, in TRY as the storefront charges it) by the price rule
 *   (`trendyol_price_rule`: none, percent or fixed, by `trendyol_price_adjust`);
 * - list price: the shop's market price (type 3) when there is one, else its sale price, never below the
 *   channel's sale price.
 *
 * A listing no product has is the channel's only; a product or variant with a barcode and no listing is
 * unlisted.
 */

/** Trendyol's cap on an item's stock. */
export const MAX_CHANNEL_QUANTITY = 20_000;

export type PriceRule = 'none' | 'percent' | 'fixed';

/** The owner's price rule: `adjust` is a percent (`percent`) or lira (`fixed`), may be negative. */
export interface PriceRuleSetting {
  rule: PriceRule;
  adjust: number;
}

/** What the channel should have for one linked listing, or why it cannot be said. */
export type Desired = ({ ok: true } & ChannelStockPrice) | { ok: false; barcode: string; reason: string };

/** Rounds half away from zero to a whole kuruş. */
const roundMinor = (v: number) => Math.sign(v) * Math.round(Math.abs(v));

/** The channel's sale price from the shop's by the rule (kuruş). */
export function applyPriceRule(shopSaleMinor: number, setting: PriceRuleSetting): number {
  if (setting.rule === 'percent') return roundMinor((shopSaleMinor * (100 + setting.adjust)) / 100);
  if (setting.rule === 'fixed') return shopSaleMinor + roundMinor(setting.adjust * 100);
  return shopSaleMinor;
}

/** The quantity the channel is told: stock less the buffer, within 0 and the cap. */
export function channelQuantity(stock: number | null, buffer: number, forSale: boolean): number {
  if (!forSale) return 0;
  const have = stock === null ? MAX_CHANNEL_QUANTITY : stock;
  return Math.max(0, Math.min(MAX_CHANNEL_QUANTITY, have - buffer));
}

/** The channel's prices from the shop's entries (a variant's own, else its product's), or why not. */
export function channelPrices(
  entries: PriceEntry[],
  vatRate: number,
  ctx: PriceContext,
  setting: PriceRuleSetting,
): { salePriceMinor: number; listPriceMinor: number } | { reason: string } {
  const shown = resolveDisplayPrice(entries, vatRate, { ...ctx, wholesale: false });
  if (!shown) return { reason: 'Ürünün satış fiyatı yok; Trendyol’a gönderilmedi.' };
  const salePriceMinor = applyPriceRule(shown.amountMinor, setting);
  if (salePriceMinor <= 0)
    return {
      reason: 'Fiyat kuralıyla Trendyol satış fiyatı sıfır ya da eksi çıkıyor; fiyat kuralını düzeltin.',
    };
  const listPriceMinor = Math.max(shown.marketMinor ?? shown.amountMinor, salePriceMinor);
  return { salePriceMinor, listPriceMinor };
}

export type ListingRow = typeof channelListings.$inferSelect;

export function createListings(db: Db, channel: ChannelName) {
  const mine = eq(channelListings.channel, channel);

  const named = (where: SQL | undefined, size: number, offset: number) =>
    db
      .select({
        row: channelListings,
        name: products.name,
        sku: sql<string | null>`coalesce(${productVariants.sku}, ${products.sku})`,
      })
      .from(channelListings)
      .leftJoin(products, eq(products.id, channelListings.productId))
      .leftJoin(productVariants, eq(productVariants.id, channelListings.variantId))
      .where(where)
      .orderBy(asc(channelListings.barcode))
      .limit(size)
      .offset(offset);

  return {
    /** Writes one page of the channel's listings (as last seen) into `channel_listings`. */
    async store(items: ChannelListing[], seenAt: Date): Promise<void> {
      for (const item of items) {
        const seen = {
          stockCode: item.stockCode,
          title: item.title,
          approved: item.approved,
          url: item.url,
          channelQuantity: item.quantity,
          channelSaleMinor: item.salePriceMinor,
          channelListMinor: item.listPriceMinor,
          seenAt,
        };
        await db
          .insert(channelListings)
          .values({ channel, barcode: item.barcode, ...seen })
          .onConflictDoUpdate({
            target: [channelListings.channel, channelListings.barcode],
            set: { ...seen, updatedAt: seenAt },
          });
      }
    },

    /**
     * After a whole read: the listings the channel no longer has are forgotten (not one the shop sent that
     * the channel has not shown yet).
     */
    async forgetUnseen(readStartedAt: Date): Promise<number> {
      const gone = await db
        .delete(channelListings)
        .where(
          and(
            mine,
            isNotNull(channelListings.seenAt),
            sql`${channelListings.seenAt} < ${readStartedAt.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: channelListings.id });
      return gone.length;
    },

    /**
     * Links every listing to the variant, else the product, whose barcode it is (the lowest id when several
     * share one); a barcode edited in the panel moves the link at the next round. Answers how many changed.
     */
    async link(): Promise<number> {
      const changed = await rows<{ id: number }>(
        db,
        sql`
          with m as (
            select cl.id, v.id as vid, coalesce(v.product_id, p.id) as pid
            from channel_listings cl
            left join lateral (
              select id, product_id from product_variants where barcode = cl.barcode order by id limit 1
            ) v on true
            left join lateral (
              select id from products where barcode = cl.barcode order by id limit 1
            ) p on true
            where cl.channel = ${channel}
          )
          update channel_listings set variant_id = m.vid, product_id = m.pid, updated_at = now()
          from m
          where channel_listings.id = m.id
            and (channel_listings.variant_id is distinct from m.vid or channel_listings.product_id is distinct from m.pid)
          returning channel_listings.id`,
      );
      return changed.length;
    },

    /** Every linked listing the channel has shown (not a create still on its way) with what the shop has for it now. */
    async desired(ctx: PriceContext, rule: PriceRuleSetting): Promise<{ row: ListingRow; want: Desired }[]> {
      const linked = await db
        .select({
          row: channelListings,
          productStock: products.stock,
          productActive: products.isActive,
          vatRate: products.vatRate,
          variantStock: productVariants.stock,
          variantActive: productVariants.isActive,
        })
        .from(channelListings)
        .innerJoin(products, eq(products.id, channelListings.productId))
        .leftJoin(productVariants, eq(productVariants.id, channelListings.variantId))
        .where(and(mine, isNotNull(channelListings.seenAt)))
        .orderBy(asc(channelListings.id));
      if (!linked.length) return [];
      const productIds = [...new Set(linked.map((l) => l.row.productId!))];
      const prices = await db
        .select()
        .from(productPrices)
        .where(
          and(inArray(productPrices.productId, productIds), ne(productPrices.priceType, PRICE_TYPE.Purchase)),
        )
        .orderBy(asc(productPrices.id));
      return linked.map((l) => {
        const { row } = l;
        const of = prices.filter((p) => p.productId === row.productId);
        const own = row.variantId === null ? [] : of.filter((p) => p.variantId === row.variantId);
        const entries = (own.length ? own : of.filter((p) => p.variantId === null)).map((p) => ({
          price_type: p.priceType,
          price: p.amountMinor,
          currency: p.currency,
        }));
        const variant = row.variantId !== null;
        const forSale = l.productActive && (!variant || l.variantActive === true);
        const quantity = channelQuantity(
          variant ? (l.variantStock ?? 0) : l.productStock,
          row.stockBuffer,
          forSale,
        );
        let priced: ReturnType<typeof channelPrices>;
        try {
          priced = channelPrices(entries, l.vatRate, ctx, rule);
        } catch {
          priced = { reason: 'Ürünün fiyatı TL’ye çevrilemedi (döviz kurunu denetleyin).' };
        }
        const want: Desired =
          'reason' in priced
            ? { ok: false, barcode: row.barcode, reason: priced.reason }
            : { ok: true, barcode: row.barcode, quantity, ...priced };
        return { row, want };
      });
    },

    /** Linked, Trendyol-only and unlisted counts, with the sends waiting and the listings whose last one failed. */
    async counts(): Promise<{ linked: number; channelOnly: number; unlisted: number; failing: number }> {
      const [c] = await db
        .select({
          linked: sql<number>`count(*) filter (where ${channelListings.productId} is not null)::int`,
          channelOnly: sql<number>`count(*) filter (where ${channelListings.productId} is null)::int`,
          failing: sql<number>`count(*) filter (where ${channelListings.lastError} is not null and ${channelListings.productId} is not null)::int`,
        })
        .from(channelListings)
        .where(mine);
      const [u] = await rows<{ n: number }>(db, sql`select (${unlistedCount(channel)})::int as n`);
      return {
        linked: Number(c?.linked ?? 0),
        channelOnly: Number(c?.channelOnly ?? 0),
        unlisted: Number(u?.n ?? 0),
        failing: Number(c?.failing ?? 0),
      };
    },

    /** One page of a state's items, for the panel. */
    async page(state: ListingState, page: number, size: number) {
      const offset = (page - 1) * size;
      if (state === 'unlisted') {
        const items = await rows<{
          product_id: number;
          variant_id: number | null;
          barcode: string;
          name: string;
          sku: string;
          stock: number | null;
        }>(
          db,
          sql`${unlistedQuery(channel)} order by product_id, variant_id nulls first limit ${size} offset ${offset}`,
        );
        const [total] = await rows<{ n: number }>(db, sql`select (${unlistedCount(channel)})::int as n`);
        return {
          total: Number(total?.n ?? 0),
          items: items.map((i) => ({
            barcode: i.barcode,
            productId: Number(i.product_id),
            variantId: i.variant_id === null ? null : Number(i.variant_id),
            name: i.name,
            sku: i.sku,
            stock: i.stock === null ? null : Number(i.stock),
          })),
        };
      }
      const where = and(
        mine,
        state === 'linked' ? isNotNull(channelListings.productId) : isNull(channelListings.productId),
      );
      const [total] = await db.select({ n: count() }).from(channelListings).where(where);
      return { total: Number(total?.n ?? 0), listings: await named(where, size, offset) };
    },

    /** The listings of these barcodes with their products' names. */
    pageOf: (barcodes: string[]) =>
      named(and(mine, inArray(channelListings.barcode, barcodes)), barcodes.length, 0),

    /** The owner's buffer of one listing (pieces kept back from the channel), audited. */
    async setBuffer(actor: AuditActor, barcode: string, stockBuffer: number): Promise<ListingRow> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ stockBuffer: channelListings.stockBuffer })
          .from(channelListings)
          .where(and(mine, eq(channelListings.barcode, barcode)));
        const [row] = await tx
          .update(channelListings)
          .set({ stockBuffer, updatedAt: new Date() })
          .where(and(mine, eq(channelListings.barcode, barcode)))
          .returning();
        if (!row || !before)
          throw new DomainError(
            404,
            'TRENDYOL_URUNU_BULUNAMADI',
            `"${barcode}" barkodlu bir Trendyol ürünü yok. Trendyol ürünleri her turda okunur; barkodu denetleyin.`,
          );
        await recordAudit(tx, {
          actor,
          action: 'marketplace.buffer',
          entity: 'channel_listing',
          entityId: barcode,
          before: { stockBuffer: before.stockBuffer },
          after: { stockBuffer },
        });
        return row;
      });
    },

    async byBarcode(barcode: string): Promise<ListingRow | null> {
      const [row] = await db
        .select()
        .from(channelListings)
        .where(and(mine, eq(channelListings.barcode, barcode)));
      return row ?? null;
    },
  };
}

export type ListingState = 'linked' | 'unlisted' | 'channel_only';

/** Products (without variants) and variants with a barcode that the channel does not list. */
function unlistedQuery(channel: ChannelName) {
  return sql`
    select * from (
      select p.id as product_id, null::int as variant_id, p.barcode, p.name, p.sku, p.stock
      from products p
      where p.barcode is not null and p.barcode <> '' and p.stock_type <> 2
      union all
      select v.product_id, v.id, v.barcode, p.name, v.sku, v.stock
      from product_variants v join products p on p.id = v.product_id
      where v.barcode is not null and v.barcode <> ''
    ) u
    where not exists (select 1 from channel_listings cl where cl.channel = ${channel} and cl.barcode = u.barcode)`;
}

function unlistedCount(channel: ChannelName) {
  return sql`select count(*) from (${unlistedQuery(channel)}) c`;
}

export type Listings = ReturnType<typeof createListings>;
