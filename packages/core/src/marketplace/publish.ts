import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { imageUrl } from '@vitrin/shared/media';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import {
  categories,
  channelListings,
  channelMappings,
  productPrices,
  products,
  productVariants,
} from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { plainText, truncate } from '../feeds/text.ts';
import type { SettingsService } from '../settings/service.ts';
import {
  type ChannelAttribute,
  type ChannelCategory,
  ChannelError,
  type ChannelNewListing,
  isChannelError,
  type MarketplaceChannel,
} from './channel.ts';
import { channelPrices, channelQuantity, type ListingRow } from './listings.ts';

/**
 * Putting a product of the shop on Trendyol (issue 43): the owner maps the shop's categories and brands to
 * Trendyol's (`channel_mappings`), gives the Trendyol category's required attributes, and the product (each
 * variant with its barcode) goes through product create V2:
 *
 * 1. checked first: both mappings, a barcode and a price for every item, a picture, every required attribute
 *    of the category (a Turkish list of what is missing: 422);
 * 2. a `channel_listings` row per barcode is written with what is sent (`create_item`) before the call, in
 *    one transaction with the audit row; the unique barcode makes a second publish of the same barcode a 409;
 * 3. sent at once; once Trendyol answers with a batch id the row keeps only the batch (`create_item` null),
 *    so the create is never sent again; Trendyol away (or the keys refused): the row keeps it and the round
 *    sends it after its back-off (`sendWaiting`);
 * 4. the round follows the batch like any other (`sync.ts`): an accepted item is linked when the listings are
 *    read next, a refused one keeps Trendyol's reasons in `last_error`, and the owner may publish it again.
 *
 * Trendyol's category tree and a category's attributes are read at most once a day (they change rarely).
 */

/** Trendyol's tree and attributes are kept this long. */
export const CATALOGUE_CACHE_MS = 24 * 60 * 60_000;
/** A claimed send is another's to retry only after this (a node that died mid-call). */
const SEND_LEASE_MS = 2 * 60_000;
/** Trendyol's longest title. */
const TITLE_MAX = 100;
/** Trendyol's longest description. */
const DESCRIPTION_MAX = 30_000;
/** Trendyol takes at most 8 pictures an item. */
const IMAGES_MAX = 8;
/** Categories a search answers. */
const SEARCH_MAX = 50;
const CHANNEL = 'trendyol' as const;

/** An attribute of the publish request: a value of Trendyol's list, or free text where the attribute allows it. */
export interface PublishAttribute {
  attributeId: number;
  valueId?: number | undefined;
  customValue?: string | undefined;
}

export interface PublishRequest {
  /** For every item of the product. */
  attributes: PublishAttribute[];
  /** A variant's own (a size, a volume), by barcode: added to the product's, replacing one of the same id. */
  variants?: { barcode: string; attributes: PublishAttribute[] }[] | undefined;
  /** Desi for the carrier (products carry no sizes); 1 unless given. */
  desi?: number | undefined;
}

/** What the owner is told is missing before a product can go on Trendyol. */
export interface PublishMissing {
  kind: 'category' | 'brand' | 'barcode' | 'price' | 'image' | 'attributes';
  message: string;
}

export interface PublishResult {
  productId: number;
  barcodes: string[];
  /** Trendyol's batch to follow; null while Trendyol is away (the round sends it). */
  batchId: string | null;
  /** Why it is not sent yet, in Turkish; null once Trendyol took it. */
  waiting: string | null;
}

export type MappingKind = 'category' | 'brand';

export interface CategoryHit {
  id: number;
  name: string;
  /** `Ev & Mobilya › Mutfak › Kupa & Bardak` */
  path: string;
}

/** The channel's wait after `attempts` failed sends in a row: 1 minute, 2, 4 … at most 30. */
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

const notConfigured = (why: string) =>
  new DomainError(409, 'TRENDYOL_AYARLANMADI', `Trendyol bağlantısı kurulmamış: ${why}`);

/** The leaves of the tree with their paths (a product goes only into a leaf). */
export function leavesOf(tree: ChannelCategory[], above: string[] = []): CategoryHit[] {
  return tree.flatMap((c) => {
    const path = [...above, c.name];
    return c.children.length
      ? leavesOf(c.children, path)
      : [{ id: c.id, name: c.name, path: path.join(' › ') }];
  });
}

/** The leaves whose path has every word of `q` (Turkish folding); all of them when `q` is empty. */
export function searchLeaves(leaves: CategoryHit[], q: string, max = SEARCH_MAX): CategoryHit[] {
  const words = foldTurkish(q).split(/\s+/).filter(Boolean);
  const hits = leaves.filter((l) => {
    const path = foldTurkish(l.path);
    return words.every((w) => path.includes(w));
  });
  // The leaf's own name first, then the path.
  const named = (l: CategoryHit) => (words.every((w) => foldTurkish(l.name).includes(w)) ? 0 : 1);
  return hits.sort((a, b) => named(a) - named(b)).slice(0, max);
}

/** The required attributes of `attributes` that `given` lacks, by name. */
export function missingAttributes(attributes: ChannelAttribute[], given: PublishAttribute[]): string[] {
  const have = new Set(given.map((g) => g.attributeId));
  return attributes.filter((a) => a.required && !have.has(a.id)).map((a) => a.name);
}

/** The product's attributes with a variant's own over them (same id: the variant's). */
function merged(common: PublishAttribute[], own: PublishAttribute[]): PublishAttribute[] {
  const ids = new Set(own.map((a) => a.attributeId));
  return [...common.filter((a) => !ids.has(a.attributeId)), ...own];
}

export interface TrendyolPublishOptions {
  channel: () => MarketplaceChannel | { missing: string };
  settings: Pick<SettingsService, 'all'>;
  /** The shop's public address: pictures go to Trendyol as absolute addresses under it. */
  shopUrl: string;
  now?: () => Date;
}

export function createTrendyolPublish(db: Db, options: TrendyolPublishOptions) {
  const now = options.now ?? (() => new Date());
  let tree: { at: number; leaves: CategoryHit[] } | null = null;
  const attributeCache = new Map<number, { at: number; list: ChannelAttribute[] }>();

  function channel(): MarketplaceChannel {
    const ch = options.channel();
    if ('missing' in ch) throw notConfigured(ch.missing);
    return ch;
  }

  async function leaves(): Promise<CategoryHit[]> {
    if (tree && now().getTime() - tree.at < CATALOGUE_CACHE_MS) return tree.leaves;
    const all = leavesOf(await channel().categories());
    tree = { at: now().getTime(), leaves: all };
    return all;
  }

  async function attributes(categoryId: number): Promise<ChannelAttribute[]> {
    const kept = attributeCache.get(categoryId);
    if (kept && now().getTime() - kept.at < CATALOGUE_CACHE_MS) return kept.list;
    let list: ChannelAttribute[];
    try {
      list = await channel().categoryAttributes(categoryId);
    } catch (err) {
      if (isChannelError(err, 'KANAL_BULUNAMADI'))
        throw new DomainError(
          404,
          'TRENDYOL_KATEGORISI_YOK',
          `Trendyol'da ${categoryId} numaralı bir kategori yok; kategori eşleşmesini yeniden seçin.`,
        );
      throw err;
    }
    attributeCache.set(categoryId, { at: now().getTime(), list });
    return list;
  }

  const mine = eq(channelMappings.channel, CHANNEL);

  async function mappingOf(kind: MappingKind, local: string) {
    const [row] = await db
      .select()
      .from(channelMappings)
      .where(and(mine, eq(channelMappings.kind, kind), eq(channelMappings.local, local)));
    return row ?? null;
  }

  /** A refused create (Trendyol said no; the owner may publish again): never seen, nothing waiting, a reason. */
  const refusedCreate = (r: ListingRow) =>
    r.seenAt === null && r.batchId === null && r.createItem === null && r.lastError !== null;

  /** Rows claimed for a send: the lease keeps another round or request from sending them meanwhile. */
  async function claimWaiting(): Promise<ListingRow[]> {
    const at = now();
    return db
      .update(channelListings)
      .set({ nextAttemptAt: new Date(at.getTime() + SEND_LEASE_MS) })
      .where(
        and(
          eq(channelListings.channel, CHANNEL),
          isNotNull(channelListings.createItem),
          or(isNull(channelListings.nextAttemptAt), lte(channelListings.nextAttemptAt, at)),
        ),
      )
      .returning();
  }

  /**
   * Sends the claimed rows' creates in one request. Taken: the batch id is kept and what was sent dropped (so
   * it is never sent again). Away, busy or the keys refused: the rows wait their back-off and say why, and
   * the error is thrown (the round stops there). The request refused as a whole: the rows say why and wait
   * for the owner.
   */
  async function send(ch: MarketplaceChannel, rows: ListingRow[]): Promise<string> {
    const items = rows.map((r) => r.createItem as unknown as ChannelNewListing);
    const ids = rows.map((r) => r.id);
    let batchId: string;
    try {
      batchId = await ch.createListings(items);
    } catch (err) {
      const message = err instanceof ChannelError ? err.message : 'Trendyol’a gönderilemedi.';
      if (err instanceof ChannelError && !err.retryable && !isChannelError(err, 'KANAL_YETKI_YOK')) {
        await db
          .update(channelListings)
          .set({
            createItem: null,
            nextAttemptAt: null,
            lastError: `Trendyol reddetti: ${message}`,
            updatedAt: now(),
          })
          .where(inArray(channelListings.id, ids));
        throw err;
      }
      const retryAt = err instanceof ChannelError ? err.retryAt : undefined;
      for (const row of rows) {
        const attempts = row.attempts + 1;
        await db
          .update(channelListings)
          .set({
            attempts,
            nextAttemptAt: new Date(Math.max(retryAt?.getTime() ?? 0, now().getTime() + backoffMs(attempts))),
            lastError: message,
            updatedAt: now(),
          })
          .where(eq(channelListings.id, row.id));
      }
      throw err;
    }
    await db
      .update(channelListings)
      .set({
        batchId,
        createItem: null,
        sentAt: now(),
        attempts: 0,
        nextAttemptAt: null,
        lastError: null,
        updatedAt: now(),
      })
      .where(inArray(channelListings.id, ids));
    return batchId;
  }

  /** The product's items as Trendyol's new listings, or what is missing. */
  async function itemsOf(
    productId: number,
    request: PublishRequest,
  ): Promise<{
    product: typeof products.$inferSelect;
    items: { variantId: number | null; item: ChannelNewListing }[];
    /** Every barcode of the product's items (those given). */
    units: string[];
    categoryId: number | null;
    brandId: number | null;
    missing: PublishMissing[];
  }> {
    const [product] = await db.select().from(products).where(eq(products.id, productId));
    if (!product) throw new DomainError(404, 'URUN_BULUNAMADI', `${productId} numaralı bir ürün yok.`);
    const variant = product.stockType === STOCK_TYPE.Variant;
    const variants = variant
      ? await db
          .select()
          .from(productVariants)
          .where(and(eq(productVariants.productId, productId), eq(productVariants.isActive, true)))
          .orderBy(asc(productVariants.position), asc(productVariants.id))
      : [];
    const missing: PublishMissing[] = [];
    const [category] = await db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, product.categoryId));
    const categoryMap = await mappingOf('category', String(product.categoryId));
    if (!categoryMap)
      missing.push({
        kind: 'category',
        message: `"${category?.name ?? product.categoryId}" kategorisi bir Trendyol kategorisiyle eşlenmemiş.`,
      });
    const brand = product.brand.trim();
    const brandMap = brand ? await mappingOf('brand', brand) : null;
    if (!brand) missing.push({ kind: 'brand', message: 'Ürünün markası boş; önce ürüne marka girin.' });
    else if (!brandMap)
      missing.push({ kind: 'brand', message: `"${brand}" markası bir Trendyol markasıyla eşlenmemiş.` });
    if (variant && variants.length === 0)
      missing.push({ kind: 'barcode', message: 'Ürünün satışta bir seçeneği yok.' });
    const units: {
      variantId: number | null;
      barcode: string;
      sku: string;
      images: string[];
      stock: number | null;
      options: Record<string, string>;
    }[] = variant
      ? variants.map((v) => ({
          variantId: v.id,
          barcode: v.barcode?.trim() ?? '',
          sku: v.sku,
          images: v.images,
          stock: v.stock,
          options: v.options,
        }))
      : [
          {
            variantId: null,
            barcode: product.barcode?.trim() ?? '',
            sku: product.sku,
            images: [],
            stock: product.stockType === STOCK_TYPE.Virtual ? null : product.stock,
            options: {},
          },
        ];
    const noBarcode = units.filter((u) => !u.barcode).map((u) => u.sku);
    if (noBarcode.length)
      missing.push({ kind: 'barcode', message: `Barkodu olmayan: ${noBarcode.join(', ')}.` });
    const pictures = [...new Set([...units.flatMap((u) => u.images), ...product.images])];
    if (pictures.length === 0)
      missing.push({ kind: 'image', message: 'Ürünün görseli yok; Trendyol en az bir görsel ister.' });

    const all = await options.settings.all();
    const ctx = { usdRate: all.usd_rate, eurRate: all.eur_rate, rounding: all.price_rounding };
    const rule = { rule: all.trendyol_price_rule, adjust: all.trendyol_price_adjust };
    const prices = await db
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.productId, productId), ne(productPrices.priceType, PRICE_TYPE.Purchase)))
      .orderBy(asc(productPrices.id));
    const entriesOf = (variantId: number | null) => {
      const own = variantId === null ? [] : prices.filter((p) => p.variantId === variantId);
      return (own.length ? own : prices.filter((p) => p.variantId === null)).map((p) => ({
        price_type: p.priceType,
        price: p.amountMinor,
        currency: p.currency,
      }));
    };

    const required = categoryMap ? await attributes(categoryMap.remote) : [];
    const ownOf = new Map((request.variants ?? []).map((v) => [v.barcode, v.attributes]));
    const lacking = new Set<string>();
    const unpriced: string[] = [];
    const items: { variantId: number | null; item: ChannelNewListing }[] = [];
    const description =
      plainText(product.description, DESCRIPTION_MAX) ||
      plainText(product.shortDescription, DESCRIPTION_MAX) ||
      product.name;
    for (const u of units) {
      const given = merged(request.attributes, ownOf.get(u.barcode) ?? []);
      for (const name of missingAttributes(required, given)) lacking.add(name);
      let priced: ReturnType<typeof channelPrices>;
      try {
        priced = channelPrices(entriesOf(u.variantId), product.vatRate, ctx, rule);
      } catch {
        priced = { reason: 'fiyat TL’ye çevrilemedi (döviz kurunu denetleyin)' };
      }
      if ('reason' in priced) {
        unpriced.push(u.sku);
        continue;
      }
      const choices = Object.values(u.options);
      const images = [...new Set([...u.images, ...product.images])].slice(0, IMAGES_MAX);
      items.push({
        variantId: u.variantId,
        item: {
          barcode: u.barcode,
          stockCode: u.sku,
          title: truncate([product.name, ...choices].join(' '), TITLE_MAX),
          description,
          categoryId: categoryMap?.remote ?? 0,
          brandId: brandMap?.remote ?? 0,
          vatRate: product.vatRate,
          images: images.map((i) => imageUrl(i, options.shopUrl)),
          groupCode: product.sku,
          desi: request.desi ?? 1,
          attributes: given.map((a) => ({
            attributeId: a.attributeId,
            ...(a.valueId !== undefined ? { valueId: a.valueId } : {}),
            ...(a.customValue !== undefined ? { customValue: a.customValue } : {}),
          })),
          quantity: channelQuantity(u.stock, 0, product.isActive),
          ...priced,
        },
      });
    }
    if (unpriced.length)
      missing.push({ kind: 'price', message: `Satış fiyatı olmayan: ${unpriced.join(', ')}.` });
    if (lacking.size)
      missing.push({
        kind: 'attributes',
        message: `Trendyol kategorisinin zorunlu özellikleri eksik: ${[...lacking].join(', ')}.`,
      });
    return {
      product,
      items,
      units: units.map((u) => u.barcode).filter(Boolean),
      categoryId: categoryMap?.remote ?? null,
      brandId: brandMap?.remote ?? null,
      missing,
    };
  }

  return {
    /** Trendyol's leaf categories whose path has every word of `q` (the tree read at most once a day). */
    async categories(q: string): Promise<CategoryHit[]> {
      return searchLeaves(await leaves(), q);
    },

    /** Trendyol's brands of this name (as typed, then in Turkish capitals: Trendyol's names are exact). */
    async brands(q: string): Promise<{ id: number; name: string }[]> {
      const name = q.trim();
      const ch = channel();
      const found = await ch.brands(name);
      const upper = name.toLocaleUpperCase('tr-TR');
      if (upper !== name) found.push(...(await ch.brands(upper)));
      return [...new Map(found.map((b) => [b.id, b])).values()];
    },

    /** A Trendyol category's attributes (read at most once a day). */
    attributes,

    /** The owner's mappings, with the shop's category names. */
    async mappings() {
      const rows = await db
        .select()
        .from(channelMappings)
        .where(mine)
        .orderBy(asc(channelMappings.kind), asc(channelMappings.local));
      const ids = rows.filter((r) => r.kind === 'category').map((r) => Number(r.local));
      const names = ids.length
        ? await db
            .select({ id: categories.id, name: categories.name })
            .from(categories)
            .where(inArray(categories.id, ids))
        : [];
      const nameOf = new Map(names.map((n) => [String(n.id), n.name]));
      return rows.map((r) => ({
        kind: r.kind,
        local: r.local,
        localName: r.kind === 'category' ? (nameOf.get(r.local) ?? null) : r.local,
        remote: r.remote,
        remoteName: r.remoteName,
      }));
    },

    /**
     * Maps a shop category (by id) to a Trendyol leaf category, or a brand name to a Trendyol brand; audited.
     * A category's Trendyol name is its path in Trendyol's tree.
     */
    async setMapping(
      actor: AuditActor,
      input: { kind: MappingKind; local: string; remote: number; remoteName?: string | undefined },
    ) {
      let remoteName = input.remoteName?.trim() ?? '';
      const local = input.local.trim();
      if (input.kind === 'category') {
        const id = /^\d{1,9}$/.test(local) ? Number(local) : 0;
        const [own] = id
          ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))
          : [];
        if (!own)
          throw new DomainError(404, 'KATEGORI_BULUNAMADI', `Mağazada ${local} numaralı bir kategori yok.`, {
            local: 'Kategori bulunamadı',
          });
        const leaf = (await leaves()).find((l) => l.id === input.remote);
        if (!leaf)
          throw new DomainError(
            422,
            'TRENDYOL_KATEGORISI_GECERSIZ',
            `${input.remote} Trendyol'da alt kategorisi olmayan bir kategori değil; ürün yalnız en alt kategoriye eklenir.`,
            { remote: 'En alt seviyeden bir Trendyol kategorisi seçin' },
          );
        remoteName = leaf.path;
      }
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(channelMappings)
          .where(and(mine, eq(channelMappings.kind, input.kind), eq(channelMappings.local, local)));
        const values = { remote: input.remote, remoteName, updatedAt: now() };
        const [row] = await tx
          .insert(channelMappings)
          .values({ channel: CHANNEL, kind: input.kind, local, ...values })
          .onConflictDoUpdate({
            target: [channelMappings.channel, channelMappings.kind, channelMappings.local],
            set: values,
          })
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'marketplace.mapping',
          entity: `channel_mapping_${input.kind}`,
          entityId: local,
          before: before ? { remote: before.remote, remoteName: before.remoteName } : {},
          after: { remote: input.remote, remoteName },
        });
        return row!;
      });
    },

    /** Removes a mapping; audited. */
    async deleteMapping(actor: AuditActor, kind: MappingKind, local: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(channelMappings)
          .where(and(mine, eq(channelMappings.kind, kind), eq(channelMappings.local, local.trim())))
          .returning();
        if (!gone)
          throw new DomainError(404, 'ESLESME_BULUNAMADI', 'Böyle bir Trendyol eşleşmesi yok.', {
            local: 'Eşleşme bulunamadı',
          });
        await recordAudit(tx, {
          actor,
          action: 'marketplace.mapping',
          entity: `channel_mapping_${kind}`,
          entityId: gone.local,
          before: { remote: gone.remote, remoteName: gone.remoteName },
          after: {},
        });
      });
    },

    /**
     * Puts the product (every variant for sale, each by its barcode) on Trendyol: 404 no such product, 409
     * already there or waiting, 422 with what is missing; else the rows written, then sent once.
     */
    async publish(actor: AuditActor, productId: number, request: PublishRequest): Promise<PublishResult> {
      const ch = channel();
      const { product, items, units, categoryId, brandId, missing } = await itemsOf(productId, request);
      const existing = units.length
        ? await db
            .select()
            .from(channelListings)
            .where(and(eq(channelListings.channel, CHANNEL), inArray(channelListings.barcode, units)))
        : [];
      const live = existing.filter((r) => !refusedCreate(r));
      if (live.some((r) => r.createItem !== null || (r.batchId !== null && r.seenAt === null)))
        throw new DomainError(
          409,
          'TRENDYOL_GONDERIMI_BEKLIYOR',
          'Bu ürün Trendyol’a gönderildi ve sonucu bekleniyor; sonuç ürün listesinde görünecek.',
        );
      const there = new Set(live.map((r) => r.barcode));
      if (units.length > 0 && units.every((b) => there.has(b)))
        throw new DomainError(
          409,
          'TRENDYOL_URUNU_VAR',
          `Bu ürün Trendyol’da zaten var (barkod ${units.join(', ')}); stok ve fiyatı her turda gönderilir.`,
        );
      const seen = new Set<string>();
      const twice = units.filter((b) => seen.size === seen.add(b).size);
      if (twice.length)
        missing.push({ kind: 'barcode', message: `Aynı barkod birden çok seçenekte: ${twice.join(', ')}.` });
      if (missing.length)
        throw new DomainError(
          422,
          'TRENDYOL_BILGI_EKSIK',
          `Ürün Trendyol’a gönderilemez: ${missing.map((m) => m.message).join(' ')}`,
          Object.fromEntries(missing.map((m) => [m.kind, m.message])),
          { details: { missing } },
        );
      // A variant already on Trendyol stays as it is; the others (new, or refused before) go.
      const fresh = items.filter((i) => !there.has(i.item.barcode));
      const barcodes = fresh.map((i) => i.item.barcode);
      const at = now();
      const rows = await db.transaction(async (tx) => {
        const refused = existing.filter(refusedCreate).map((r) => r.id);
        if (refused.length) await tx.delete(channelListings).where(inArray(channelListings.id, refused));
        const written = await tx
          .insert(channelListings)
          .values(
            fresh.map(({ variantId, item }) => ({
              channel: CHANNEL,
              barcode: item.barcode,
              productId,
              variantId,
              stockCode: item.stockCode,
              title: item.title,
              sentQuantity: item.quantity,
              sentSaleMinor: item.salePriceMinor,
              sentListMinor: item.listPriceMinor,
              sentAt: at,
              createItem: item as unknown as Record<string, unknown>,
              // Claimed by this request: the round leaves it alone while it is sent.
              nextAttemptAt: new Date(at.getTime() + SEND_LEASE_MS),
            })),
          )
          .onConflictDoNothing()
          .returning();
        if (written.length !== fresh.length)
          throw new DomainError(
            409,
            'TRENDYOL_GONDERIMI_BEKLIYOR',
            'Bu ürün az önce Trendyol’a gönderildi; sonucu ürün listesinde görünecek.',
          );
        await recordAudit(tx, {
          actor,
          action: 'marketplace.publish',
          entity: 'product',
          entityId: productId,
          after: { channel: CHANNEL, barcodes, categoryId, brandId, sku: product.sku },
        });
        return written;
      });
      try {
        const batchId = await send(ch, rows);
        return { productId, barcodes, batchId, waiting: null };
      } catch (err) {
        if (!(err instanceof ChannelError)) throw err;
        if (!err.retryable && !isChannelError(err, 'KANAL_YETKI_YOK')) throw err;
        return { productId, barcodes, batchId: null, waiting: err.message };
      }
    },

    /**
     * The round's step: the creates Trendyol has not taken yet (it was away), in requests of at most the
     * channel's cap; answers how many items Trendyol took. A channel failure is thrown (the round stops).
     */
    async sendWaiting(ch: MarketplaceChannel): Promise<number> {
      const rows = await claimWaiting();
      const cap = Math.min(1000, ch.maxBatchItems);
      let sent = 0;
      for (let i = 0; i < rows.length; i += cap) {
        const chunk = rows.slice(i, i + cap);
        try {
          await send(ch, chunk);
          sent += chunk.length;
        } catch (err) {
          // A request refused as a whole waits for the owner; the next chunk may still go.
          if (err instanceof ChannelError && !err.retryable && !isChannelError(err, 'KANAL_YETKI_YOK'))
            continue;
          // The rest were claimed: free them for the next round.
          const rest = rows.slice(i + cap).map((r) => r.id);
          if (rest.length)
            await db
              .update(channelListings)
              .set({ nextAttemptAt: null })
              .where(inArray(channelListings.id, rest));
          throw err;
        }
      }
      return sent;
    },
  };
}

export type TrendyolPublish = ReturnType<typeof createTrendyolPublish>;
