import { imageUrl } from '@vitrin/shared/media';
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { rows } from '../catalog/rows.ts';
import { hashToken, isTokenShaped, newToken } from '../customers/tokens.ts';
import type { Db } from '../db/client.ts';
import { isForeignKeyViolation } from '../db/errors.ts';
import { cartReminders, customers } from '../db/schema.ts';
import { isDomainError } from '../errors.ts';
import { enqueueMarketingMail } from '../mail/marketing.ts';
import { cartReminderEmail, type ReminderLine } from '../mail/marketing-templates.ts';
import type { CartOwner, Shopper } from './owner.ts';
import type { CartService } from './service.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * A cart idle for longer than this gets no reminder: a shop that turns the feature on must not mail every
 * cart left behind months ago, and a week-old cart is no longer a visit to finish.
 */
export const REMINDER_MAX_IDLE_DAYS = 7;
/** An order of the customer this long after the reminder counts as the cart recovered. */
export const RECOVERY_DAYS = 7;
/** Carts reminded per round at most (the next round, a minute later, takes the rest). */
const ROUND_BATCH = 200;

export interface ReminderDeps {
  db: Db;
  cart: CartService;
  shopUrl: string;
  shopName: () => Promise<string>;
  now: () => Date;
}

/**
 * One round of abandoned-cart reminders: every customer's cart with lines, idle (the cart and its lines
 * unchanged) for at least `minutes` and at most REMINDER_MAX_IDLE_DAYS, of a customer who gave marketing
 * consent, with no reminder yet, gets one e-mail. Per cart, one transaction inserts its `cart_reminders` row
 * first (`cart_id` is unique: a second round, or another node, finds it there and skips) and queues the mail
 * in it. Returns how many were queued. `minutes` 0: none.
 */
export async function remindAbandonedCarts(deps: ReminderDeps, minutes: number): Promise<number> {
  if (minutes <= 0) return 0;
  const at = deps.now();
  const idleSince = new Date(at.getTime() - minutes * MINUTE_MS);
  const notBefore = new Date(at.getTime() - REMINDER_MAX_IDLE_DAYS * DAY_MS);
  const due = await rows<{ id: number; customer_id: number }>(
    deps.db,
    sql`
      select c.id, c.customer_id
      from carts c
      join customers cu on cu.id = c.customer_id
      join lateral (
        select max(greatest(i.created_at, i.updated_at)) as changed from cart_items i where i.cart_id = c.id
      ) l on l.changed is not null
      where cu.marketing_consent and cu.deleted_at is null and cu.disabled_at is null
        and not exists (select 1 from cart_reminders r where r.cart_id = c.id)
        and greatest(c.updated_at, l.changed) <= ${idleSince}
        and greatest(c.updated_at, l.changed) > ${notBefore}
      order by c.id
      limit ${ROUND_BATCH}`,
  );
  const shopName = await deps.shopName();
  let sent = 0;
  for (const cart of due) {
    try {
      if (await remindOne(deps, cart.id, cart.customer_id, shopName, at)) sent++;
    } catch (err) {
      // Ordered (so deleted) while its reminder was written: no reminder, as for any ordered cart.
      if (!isForeignKeyViolation(err)) throw err;
    }
  }
  return sent;
}

async function remindOne(
  deps: ReminderDeps,
  cartId: number,
  customerId: number,
  shopName: string,
  at: Date,
): Promise<boolean> {
  const owner: CartOwner = { customerId };
  const shopper: Shopper = { customerId, email: null, wholesale: false };
  // Priced as the customer's cart page shows it (wholesale prices for a wholesale account).
  const [wholesale] = await rows<{ wholesale: boolean }>(
    deps.db,
    sql`select wholesale from customers where id = ${customerId}`,
  );
  const view = await deps.cart.view(owner, { ...shopper, wholesale: wholesale?.wholesale ?? false });
  if (view.lines.length === 0) return false;
  const lines: ReminderLine[] = view.lines.map((line) => ({
    name: line.name,
    imageUrl: imageUrl(line.image, deps.shopUrl.replace(/\/+$/, '')),
    quantity: line.quantity,
    unitPriceMinor: line.unitPriceMinor,
  }));
  const token = newToken();
  return deps.db.transaction(async (tx) => {
    // The customer's row locked first: an unsubscribe committing meanwhile is seen, and the reminder then not
    // written at all.
    const [customer] = await tx
      .select({ consent: customers.marketingConsent })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer?.consent) return false;
    const [row] = await tx
      .insert(cartReminders)
      .values({
        cartId,
        customerId,
        tokenHash: hashToken(token),
        lines: view.lines.map((l) => ({
          productId: l.productId,
          variantId: l.variantId,
          quantity: l.quantity,
        })),
        sentAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: cartReminders.id });
    // Reminded meanwhile (another round, another node).
    if (!row) return false;
    const queued = await enqueueMarketingMail(tx, {
      kind: 'cart-reminder',
      customerId,
      shopUrl: deps.shopUrl,
      compose: ({ firstName, unsubscribeUrl }) =>
        cartReminderEmail({
          shopName,
          firstName,
          lines,
          restoreUrl: `${deps.shopUrl.replace(/\/+$/, '')}/cart/restore/${token}`,
          unsubscribeUrl,
        }),
    });
    return queued !== null;
  });
}

/** What the restore link did: lines added to the visitor's cart, and the names of those no longer sellable. */
export interface RestoreResult {
  restored: number;
  skipped: string[];
}

/**
 * The reminder's link (`/cart/restore/{token}`), on any device: adds the reminded lines to the visitor's
 * current cart (a guest's or a logged-in customer's), each through the cart's own add (same rules: a line no
 * longer sellable, or past its stock, is skipped and named); a line the cart already holds is left as it is
 * (the same device: no double quantities). Marks the reminder restored. Undefined for an unknown token.
 */
export async function restoreReminder(
  deps: Pick<ReminderDeps, 'db' | 'cart' | 'now'>,
  token: unknown,
  owner: CartOwner,
  shopper: Shopper,
): Promise<RestoreResult | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const [reminder] = await deps.db
    .select({ id: cartReminders.id, lines: cartReminders.lines })
    .from(cartReminders)
    .where(eq(cartReminders.tokenHash, hashToken(token)));
  if (!reminder) return undefined;
  const current = (await deps.cart.view(owner, shopper)).lines;
  const result: RestoreResult = { restored: 0, skipped: [] };
  for (const line of reminder.lines) {
    if (current.some((c) => c.productId === line.productId && c.variantId === line.variantId)) continue;
    try {
      await deps.cart.add(
        owner,
        {
          productId: line.productId,
          ...(line.variantId === null ? {} : { variantId: line.variantId }),
          quantity: line.quantity,
        },
        shopper,
      );
      result.restored++;
    } catch (err) {
      if (!isDomainError(err)) throw err;
      result.skipped.push(await productName(deps.db, line.productId));
    }
  }
  await deps.db
    .update(cartReminders)
    .set({ restoredAt: sql`coalesce(${cartReminders.restoredAt}, ${deps.now()})` })
    .where(eq(cartReminders.id, reminder.id));
  return result;
}

async function productName(db: Db, productId: number): Promise<string> {
  const [row] = await rows<{ name: string }>(db, sql`select name from products where id = ${productId}`);
  return row?.name ?? 'Artık satılmayan bir ürün';
}

/**
 * In the order's transaction: an order of a customer within RECOVERY_DAYS of their latest reminder that no
 * order recovered yet records that reminder as recovered, with the order's total.
 */
export async function recordRecovery(
  tx: Db,
  customerId: number,
  order: { id: number; totalMinor: number | bigint },
  at: Date,
): Promise<void> {
  const [reminder] = await tx
    .select({ id: cartReminders.id })
    .from(cartReminders)
    .where(
      and(
        eq(cartReminders.customerId, customerId),
        isNull(cartReminders.orderId),
        gte(cartReminders.sentAt, new Date(at.getTime() - RECOVERY_DAYS * DAY_MS)),
        lte(cartReminders.sentAt, at),
      ),
    )
    .orderBy(desc(cartReminders.sentAt))
    .limit(1);
  if (!reminder) return;
  await tx
    .update(cartReminders)
    .set({ orderId: order.id, recoveredMinor: Number(order.totalMinor), recoveredAt: at })
    .where(eq(cartReminders.id, reminder.id));
}
