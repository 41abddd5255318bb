import {
  type CartView,
  type CheckoutQuote,
  type CheckoutQuoteRequest,
  INSTALMENT_CHOICES,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MAX_ORDER_TOTAL_MINOR,
  type PaymentMethod,
} from '@vitrin/shared/api/cart';
import {
  addToCartInput,
  checkoutQuoteInput,
  couponInput,
  lineIdSchema,
  updateQuantityInput,
} from '@vitrin/shared/api/cart-requests';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import type { z } from '@vitrin/shared/zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { CouponService } from '../coupons/service.ts';
import { hashToken, isTokenShaped } from '../customers/tokens.ts';
import type { Database, Db } from '../db/client.ts';
import { withClusterLock } from '../db/cluster-lock.ts';
import { cartItems, carts, products, productVariants } from '../db/schema.ts';
import { preparedRows } from '../db/statements.ts';
import { parseInput } from '../errors.ts';
import type { SettingsService } from '../settings/service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { deleteExpiredGuestCarts, deleteUnusedPersonalizationImages } from './abandoned.ts';
import { addLine, dropIfEmpty, type NewLine } from './add-line.ts';
import {
  CART_COLUMNS,
  CART_WITH_LINES,
  type CartColumnsRow,
  type CartWithLinesRow,
  cartOf,
  cartWithLines,
  upsertCartOf,
} from './cart-rows.ts';
import { type CatalogueSlice, loadCatalogue, loadProduct, maxQuantityOf, priceItem } from './catalogue.ts';
import { createCartCatalogue } from './catalogue-cache.ts';
import {
  assertOrderTotal,
  cartFull,
  couponError,
  lineNotFound,
  lineQuantityLimit,
  outOfStock,
  productNotFound,
  variantInvalid,
  variantNotAllowed,
  variantRequired,
} from './errors.ts';
import { lineKey } from './line-key.ts';
import { type CartOwner, ownerCondition, ownerValues, type Shopper } from './owner.ts';
import { checkPersonalization } from './personalization.ts';
import { type CartItemRow, type CartRow, type PricedCart, priceCart, priceContext } from './priced-cart.ts';

export interface CartServiceOptions {
  settings: SettingsService;
  coupons: CouponService;
  /** Keeps the catalogue rows that adding to the cart prices from (dropped on every catalogue change). */
  cache: Cache;
  /** The shop's files: personalization images are its `uploads/personalization/…`. */
  files: FileStore;
  /** The database `db` belongs to: the purge of unused images runs on one app node at a time under its lock. */
  database: Database;
  now?: () => Date;
}

/** Options of a priced cart: the payment method changes the fees. */
export interface PricingChoice {
  method?: PaymentMethod | undefined;
  instalments?: number | undefined;
}

const MONTHS_OF = (total: number, months: number) => Math.ceil(total / months);

/**
 * What an add asks for, checked against `known` (the product with all its variants) and priced: refused with
 * a code each for an unknown or inactive product, a variant missing / foreign / inactive / not allowed, or bad
 * personalization. `version` is the product's version the price was read at.
 */
function lineOf(
  known: CatalogueSlice,
  data: z.output<typeof addToCartInput>,
  ctx: ReturnType<typeof priceContext>,
): NewLine & { name: string } {
  const variantId = data.variantId ?? null;
  const product = known.products.get(data.productId);
  if (!product?.isActive) throw productNotFound();
  if (product.stockType === STOCK_TYPE.Variant) {
    if (variantId === null) throw variantRequired();
    const variant = known.variants.get(variantId);
    if (!variant || variant.productId !== product.id || !variant.isActive) throw variantInvalid();
  } else if (variantId !== null) {
    throw variantNotAllowed();
  }
  const personalization = checkPersonalization(product, data.personalization);
  const item = priceItem(known, { productId: product.id, variantId, personalization }, ctx);
  if (!item?.sold) throw productNotFound();
  return {
    productId: product.id,
    variantId,
    lineKey: lineKey(product.id, variantId, personalization),
    quantity: data.quantity,
    personalization,
    priceMinor: item.unitPriceMinor,
    version: product.version,
    name: product.name,
  };
}

/**
 * The server-side cart. Every amount comes from the catalogue at the moment it is read (wholesale prices
 * for wholesale customers, USD/EUR converted with the shop's rates, the personalization surcharge added);
 * the client only says what and how many. Every operation is scoped to the owner's cart: another cart's
 * line answers SATIR_BULUNAMADI, exactly like one that does not exist.
 */
export function createCartService(
  db: Db,
  { settings, coupons, cache, files, database, now = () => new Date() }: CartServiceOptions,
) {
  const catalogueCache = createCartCatalogue(db, cache);
  /** The owner's cart, locked for the rest of the transaction when `lock` (changes to one cart queue up). */
  async function findCart(owner: CartOwner, on: Db = db, lock = false): Promise<CartRow | undefined> {
    const where = ownerCondition(owner);
    if (!where) return undefined;
    const query = on.select().from(carts).where(where);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** The owner's cart, made on its first write, locked for the rest of the transaction (`upsertCart`). */
  async function ensureCart(owner: CartOwner, tx: Db): Promise<CartRow> {
    const values = ownerValues(owner);
    // The HTTP layer makes a well-formed token for a guest's first write; a forged one is refused.
    if (!values) throw lineNotFound();
    const [row] = await preparedRows<CartColumnsRow>(
      tx,
      'cart_upsert',
      sql`with c as (${upsertCartOf(values, now())}) select ${CART_COLUMNS} from c`,
    );
    return cartOf(row!);
  }

  async function itemsOf(cartId: number, on: Db = db): Promise<CartItemRow[]> {
    return on.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id));
  }

  /** The cart priced now, for a payment method (checkout passes its transaction). */
  async function priced(owner: CartOwner, shopper: Shopper, choice: PricingChoice = {}, on: Db = db) {
    const cart = (await findCart(owner, on)) ?? null;
    const rows = cart ? await itemsOf(cart.id, on) : [];
    return priceCart(on, cart, rows, {
      settings: await settings.all(),
      coupons,
      shopper,
      method: choice.method,
      instalments: choice.instalments,
    });
  }

  const view = async (owner: CartOwner, shopper: Shopper): Promise<CartView> =>
    (await priced(owner, shopper)).view;

  /** Takes `quantity` back off the line an add just raised (the line goes when nothing is left). */
  async function takeBack(cartId: number, key: string, quantity: number) {
    await db.transaction(async (tx) => {
      const line = and(eq(cartItems.cartId, cartId), eq(cartItems.lineKey, key));
      await tx
        .update(cartItems)
        .set({ quantity: sql`${cartItems.quantity} - ${quantity}` })
        .where(and(line, sql`${cartItems.quantity} > ${quantity}`));
      await tx.delete(cartItems).where(and(line, sql`${cartItems.quantity} <= ${quantity}`));
    });
    await dropIfEmpty(db, cartId);
  }

  async function ownLine(tx: Db, owner: CartOwner, lineId: unknown) {
    const id = lineIdSchema.safeParse(lineId);
    if (!id.success) throw lineNotFound();
    const cart = await findCart(owner, tx, true);
    if (!cart) throw lineNotFound();
    const [row] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.id, id.data), eq(cartItems.cartId, cart.id)));
    if (!row) throw lineNotFound();
    return { cart, row };
  }

  return {
    priced,
    view,

    /** The header badge: the sum of quantities, in one query. */
    async count(owner: CartOwner): Promise<number> {
      const where = ownerCondition(owner);
      if (!where) return 0;
      const [row] = await db
        .select({ n: sql<string | number | null>`coalesce(sum(${cartItems.quantity}), 0)` })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .where(where);
      return Number(row?.n ?? 0);
    },

    /**
     * Adds a product (with its variant and personalization) or raises the quantity of the same line. Refused
     * with a code each: unknown or inactive product, variant missing / foreign / inactive / not allowed,
     * bad personalization, more than the stock or than 999 in one line, more than 50 lines.
     */
    async add(owner: CartOwner, input: z.input<typeof addToCartInput>, shopper: Shopper): Promise<CartView> {
      const data = parseInput(addToCartInput, input);
      const values = ownerValues(owner);
      // The HTTP layer makes a well-formed token for a guest's first write; a forged one is refused.
      if (!values) throw lineNotFound();
      const s = await settings.all();
      const ctx = priceContext(s, shopper);
      // The catalogue comes from the in-process cache; the write is one statement that also answers with
      // the cart's lines, their stock and their products' versions, so the answer is priced without another
      // query. The line is written only while its product is at the cached version: a change made on another
      // app node whose cache drop has not arrived yet is read from the database and the add priced again.
      let known = await catalogueCache.slice([data.productId]);
      let line = lineOf(known, data, ctx);
      let added = await addLine(db, values, line, now());
      if (!added.written && added.requestedVersion !== line.version) {
        if (added.createdNow) await dropIfEmpty(db, added.cart.id);
        known = await loadProduct(db, data.productId);
        line = { ...lineOf(known, data, ctx), version: null };
        added = await addLine(db, values, line, now());
      }
      const key = line.lineKey;
      if (!added.written) {
        if (added.createdNow) await dropIfEmpty(db, added.cart.id);
        // Which bound refused it, judged on the lines as they are now: the statement's snapshot may predate
        // a line that a concurrent add of the same cart wrote.
        const existing = (await itemsOf(added.cart.id)).find((r) => r.lineKey === key);
        const quantity = (existing?.quantity ?? 0) + data.quantity;
        if (quantity > MAX_LINE_QUANTITY) throw lineQuantityLimit(MAX_LINE_QUANTITY);
        if (added.requestedStock !== null && quantity > added.requestedStock) {
          throw outOfStock(line.name, added.requestedStock);
        }
        throw cartFull(MAX_CART_LINES);
      }
      const slice = await catalogueCache.slice(
        added.rows.map((r) => r.productId),
        added.stock,
        added.versions,
      );
      const { view } = await priceCart(db, added.cart, added.rows, { settings: s, coupons, shopper }, slice);
      if (view.totals.subtotalMinor > MAX_ORDER_TOTAL_MINOR) {
        // Rare, so undone after the fact rather than costing every add a read of the cart first.
        await takeBack(added.cart.id, key, data.quantity);
        assertOrderTotal(view.totals.subtotalMinor);
      }
      return view;
    },

    /** Sets a line's quantity (1..999, at most the stock); the price-change warning is acknowledged. */
    async setQuantity(
      owner: CartOwner,
      lineId: unknown,
      input: unknown,
      shopper: Shopper,
    ): Promise<CartView> {
      const s = await settings.all();
      await db.transaction(async (tx) => {
        const { row } = await ownLine(tx, owner, lineId);
        const { quantity } = parseInput(updateQuantityInput, input);
        const slice = await loadCatalogue(tx, [row]);
        const item = priceItem(slice, row, priceContext(s, shopper));
        if (!item?.sold) throw productNotFound();
        if (item.stock !== null && quantity > item.stock) throw outOfStock(item.product.name, item.stock);
        await tx
          .update(cartItems)
          .set({ quantity, addedPriceMinor: item.unitPriceMinor, updatedAt: now() })
          .where(eq(cartItems.id, row.id));
        // Above the order limit the transaction rolls back: the line keeps its quantity.
        assertOrderTotal((await priced(owner, shopper, {}, tx)).view.totals.subtotalMinor);
      });
      return view(owner, shopper);
    },

    async remove(owner: CartOwner, lineId: unknown, shopper: Shopper): Promise<CartView> {
      await db.transaction(async (tx) => {
        const { row } = await ownLine(tx, owner, lineId);
        await tx.delete(cartItems).where(eq(cartItems.id, row.id));
      });
      return view(owner, shopper);
    },

    /** Applies a coupon when it applies to the cart now; otherwise its own code and Turkish reason. */
    async applyCoupon(owner: CartOwner, input: unknown, shopper: Shopper): Promise<CartView> {
      const { code } = parseInput(couponInput, input);
      const current = await priced(owner, shopper);
      const counted = current.lines.filter((l) => l.item?.sold);
      const evaluation = await coupons.evaluateTyped(
        code,
        counted.map((l) => ({ categoryId: l.item!.product.categoryId, grossMinor: l.view.lineTotalMinor })),
        { customerId: shopper.customerId, email: shopper.email },
      );
      if (!evaluation.ok) throw couponError(evaluation.code, evaluation.message);
      await db.transaction(async (tx) => {
        const cart = await ensureCart(owner, tx);
        await tx
          .update(carts)
          .set({ couponCode: evaluation.coupon.code, updatedAt: now() })
          .where(eq(carts.id, cart.id));
      });
      return view(owner, shopper);
    },

    async removeCoupon(owner: CartOwner, shopper: Shopper): Promise<CartView> {
      const where = ownerCondition(owner);
      if (where) await db.update(carts).set({ couponCode: null, updatedAt: now() }).where(where);
      return view(owner, shopper);
    },

    /** Totals for a payment method, the instalment options and the bank accounts (checkout page). */
    async quote(owner: CartOwner, input: CheckoutQuoteRequest, shopper: Shopper): Promise<CheckoutQuote> {
      const data = parseInput(checkoutQuoteInput, input);
      const s = await settings.all();
      const chosen = await priced(owner, shopper, {
        method: data.paymentMethod,
        instalments: data.instalments,
      });
      assertOrderTotal(chosen.view.totals.totalMinor);
      const options = INSTALMENT_CHOICES.map((months) => {
        const { totalMinor } = chosen.totalsFor('card', months);
        return { count: months, totalMinor, monthlyMinor: MONTHS_OF(totalMinor, months) };
      });
      return {
        totals: chosen.view.totals,
        methods: chosen.totals.needsShipping ? ['card', 'transfer', 'cod'] : ['card', 'transfer'],
        instalments: options,
        bankAccounts: s.bank_accounts,
      };
    },

    /**
     * Deletes guest carts nobody can reach any more (abandoned.ts `GUEST_CART_DAYS`), then the
     * personalization images in the store that no cart or order line names; for a periodic job. One app node
     * at a time: another that finds the purge running skips its turn (`{ carts: 0, images: 0 }`).
     */
    async purgeAbandoned(): Promise<{ carts: number; images: number }> {
      const purged = await withClusterLock(database, 'cart-purge', async () => {
        const at = now();
        const removed = await deleteExpiredGuestCarts(db, at);
        return { carts: removed, images: await deleteUnusedPersonalizationImages(db, files, at) };
      });
      return purged.ran ? purged.value : { carts: 0, images: 0 };
    },

    /**
     * Moves a guest's cart into the customer's at login: quantities of the same line are added and capped by
     * the stock (never below what the customer already had); new lines come over capped the same way, up to
     * the line limit; lines that can no longer be bought stay behind. The guest's coupon comes along when the
     * customer has none. The guest cart is deleted. Nothing happens for an unknown token.
     */
    async mergeGuest(token: string | undefined, customerId: number): Promise<void> {
      if (!isTokenShaped(token)) return;
      const s = await settings.all();
      await db.transaction(async (tx) => {
        const [guest] = await tx
          .select()
          .from(carts)
          .where(eq(carts.tokenHash, hashToken(token)))
          .for('update');
        if (!guest) return;
        const guestItems = await itemsOf(guest.id, tx);
        if (guestItems.length > 0) {
          const mine = await ensureCart({ customerId }, tx);
          const mineItems = await itemsOf(mine.id, tx);
          const byKey = new Map(mineItems.map((i) => [i.lineKey, i]));
          let lines = mineItems.length;
          const slice = await loadCatalogue(tx, guestItems);
          const ctx = priceContext(s, { wholesale: false });
          const at = now();
          for (const g of guestItems) {
            const item = priceItem(slice, g, ctx);
            const cap = item ? maxQuantityOf(item) : 0;
            const existing = byKey.get(g.lineKey);
            if (existing) {
              const quantity = Math.max(existing.quantity, Math.min(existing.quantity + g.quantity, cap));
              if (quantity !== existing.quantity) {
                await tx
                  .update(cartItems)
                  .set({ quantity, updatedAt: at })
                  .where(eq(cartItems.id, existing.id));
              }
            } else if (cap > 0 && lines < MAX_CART_LINES) {
              lines += 1;
              await tx.insert(cartItems).values({
                cartId: mine.id,
                productId: g.productId,
                variantId: g.variantId,
                lineKey: g.lineKey,
                quantity: Math.min(g.quantity, cap),
                personalization: g.personalization,
                addedPriceMinor: g.addedPriceMinor,
                createdAt: g.createdAt,
                updatedAt: at,
              });
            }
          }
          if (!mine.couponCode && guest.couponCode) {
            await tx.update(carts).set({ couponCode: guest.couponCode }).where(eq(carts.id, mine.id));
          }
        }
        await tx.delete(carts).where(eq(carts.id, guest.id));
      });
    },

    /**
     * The owner's cart, locked for the order's transaction, with its lines (null when there is no cart) and,
     * when the in-process cache holds every line's product at the version read here, their catalogue (with
     * the stock read here); `catalogue` is null otherwise and the transaction reads it.
     */
    async lockForOrder(
      owner: CartOwner,
      tx: Db,
    ): Promise<{ cart: CartRow; rows: CartItemRow[]; catalogue: CatalogueSlice | null } | null> {
      const where = ownerCondition(owner);
      if (!where) return null;
      const found = await preparedRows<
        CartWithLinesRow & { p_version: string | null; p_stock: number | null; v_stock: number | null }
      >(
        tx,
        'cart_lock',
        sql`select ${CART_WITH_LINES}, p.updated_at::text as p_version, p.stock as p_stock, v.stock as v_stock
          from ${carts} c left join ${cartItems} i on i.cart_id = c.id
          left join ${products} p on p.id = i.product_id left join ${productVariants} v on v.id = i.variant_id
          where c.id = (select ${carts.id} from ${carts} where ${where}) order by i.id for update of c`,
      );
      const locked = cartWithLines(found);
      if (!locked) return null;
      const catalogue = catalogueCache.current(
        found
          .filter((r) => r.id !== null)
          .map((r) => ({
            productId: r.product_id!,
            version: r.p_version,
            stock: r.p_stock,
            variantId: r.variant_id,
            variantStock: r.v_stock,
          })),
      );
      return { ...locked, catalogue };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
export type { PricedCart };
