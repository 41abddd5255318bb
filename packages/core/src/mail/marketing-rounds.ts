import type { CartOwner, Shopper } from '../cart/owner.ts';
import { type RestoreResult, remindAbandonedCarts, restoreReminder } from '../cart/reminders.ts';
import type { CartService } from '../cart/service.ts';
import { unsubscribe } from '../customers/consent.ts';
import type { Database } from '../db/client.ts';
import { withClusterLock } from '../db/cluster-lock.ts';
import { requestReviews } from '../orders/review-request.ts';
import type { SettingsService } from '../settings/service.ts';
import type { MailQueue } from './queue.ts';

export interface MarketingOptions {
  mail: MailQueue;
  settings: SettingsService;
  cart: CartService;
  shopUrl: string;
  now?: () => Date;
}

/** What one round queued. */
export interface MarketingRound {
  cartReminders: number;
  reviewRequests: number;
}

/**
 * The marketing e-mails, only ever to customers with marketing consent: the abandoned-cart reminder
 * (`abandoned_cart_minutes`) and the review request after delivery (`review_request_days`), a round each
 * minute on one node at a time (`withClusterLock`; the rows' own guards keep a mail from going twice even
 * without it); the unsubscribe link and the reminder's restore link.
 */
export function createMarketing(database: Database, options: MarketingOptions) {
  const { db } = database;
  const { mail, settings, cart } = options;
  const now = options.now ?? (() => new Date());
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  const shopName = () => settings.get('brand_name');
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<unknown> | null = null;

  /** One round of both kinds; `{ ran: false }` when another node has it. */
  async function round(): Promise<MarketingRound | undefined> {
    const done = await withClusterLock(database, 'marketing-mail', async () => {
      const s = await settings.all();
      const cartReminders = await remindAbandonedCarts(
        { db, cart, shopUrl, shopName, now },
        s.abandoned_cart_minutes,
      );
      const reviewRequests = await requestReviews({ db, shopUrl, shopName, now }, s.review_request_days);
      return { cartReminders, reviewRequests };
    });
    if (!done.ran) return undefined;
    if (done.value.cartReminders || done.value.reviewRequests) mail.kick();
    return done.value;
  }

  return {
    round,
    /** The unsubscribe link (page or one-click POST): the consent withdrawn; undefined for an unknown token. */
    unsubscribe: (token: unknown, ip?: string) => unsubscribe(db, token, { ip, at: now() }),
    /** The reminder's restore link, into the visitor's cart; undefined for an unknown token. */
    restore: (token: unknown, owner: CartOwner, shopper: Shopper): Promise<RestoreResult | undefined> =>
      restoreReminder({ db, cart, now }, token, owner, shopper),
    /** A round every `intervalMs` (the server). */
    start(intervalMs = 60_000, onError: (err: unknown) => void = console.error): void {
      const tick = () => {
        running ??= round()
          .catch(onError)
          .finally(() => {
            running = null;
          });
      };
      timer ??= setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketing>;
