import os from 'node:os';
import path from 'node:path';
import { createAuditLog } from './audit/service.ts';
import { createBlogAdmin } from './blog/admin.ts';
import { createBlogService } from './blog/service.ts';
import { CACHE_CHANNEL, createCache, decodeChange, encodeChange } from './cache.ts';
import { createCartService } from './cart/service.ts';
import { createCatalogAdmin } from './catalog/admin.ts';
import { createCategoryService } from './catalog/categories.ts';
import { createCategoryAdmin } from './catalog/category-admin/categories.ts';
import { createTagAdmin } from './catalog/category-admin/tags.ts';
import { createProductAdmin } from './catalog/product-admin/service.ts';
import { createCatalogService } from './catalog/service.ts';
import { createCheckoutService } from './checkout/service.ts';
import { createCompareService } from './compare/service.ts';
import { createContactService } from './contact/service.ts';
import { createPageAdmin } from './content/admin.ts';
import { createContentService } from './content/service.ts';
import { createCouponService } from './coupons/service.ts';
import { createAddressBook } from './customers/addresses.ts';
import { createCustomerAdmin } from './customers/admin.ts';
import { createGuestOrderLinks } from './customers/guest-orders.ts';
import { createCustomerService } from './customers/service.ts';
import type { Database } from './db/client.ts';
import { createOrderDocuments } from './documents/order-documents.ts';
import type { EInvoiceEnv, EInvoiceTuning } from './einvoice/providers.ts';
import { createEInvoicing } from './einvoice/service.ts';
import { createHomeService } from './home/service.ts';
import { createKeptImportFiles } from './imports/kept-files.ts';
import { createProductImports } from './imports/service.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMarketing } from './mail/marketing-rounds.ts';
import { createMailQueue } from './mail/queue.ts';
import { type ChannelTuning, channelFromEnv } from './marketplace/providers.ts';
import type { MarketplaceEnv } from './marketplace/setting.ts';
import { createTrendyolSync } from './marketplace/sync.ts';
import { createMenuAdmin } from './navigation/menu-admin.ts';
import { createNavigationService } from './navigation/service.ts';
import { createAdminOrders } from './orders/admin.ts';
import { createSecret } from './orders/secrets.ts';
import { createOrderService } from './orders/service.ts';
import { iyzicoFactory } from './payments/iyzico/provider.ts';
import { paytrFromEnv } from './payments/paytr/provider.ts';
import { createPaymentProviders, type ProviderEnv, type ProviderFactory } from './payments/providers.ts';
import { createPaymentService } from './payments/service.ts';
import { createReports } from './reports/service.ts';
import { createReviewModeration } from './reviews/moderation.ts';
import { createReviewService } from './reviews/service.ts';
import { createSettingsService } from './settings/service.ts';
import type { CarrierEnv, CarrierTuning } from './shipping/providers.ts';
import { createShipmentReturns } from './shipping/returns.ts';
import { createShippingService } from './shipping/service.ts';
import { createShippingSync } from './shipping/sync.ts';
import { createStaffService } from './staff/service.ts';
import { createStockAlertService } from './stock-alerts/service.ts';
import { createDiskStore } from './storage/disk-store.ts';
import type { FileStore } from './storage/file-store.ts';
import { createSavedReplies } from './support/saved-replies.ts';
import { createSupportService } from './support/service.ts';
import { createWishlistService } from './wishlist/service.ts';

export { CACHE_CHANNEL };

export interface ServicesOptions {
  /** Sends account e-mails; by default `.eml` files in `<tmpdir>/vitrin-outbox` (nothing leaves the machine). */
  mailer?: Mailer;
  /** The storefront's public address, for links in e-mails; `http://localhost:3000` by default. */
  shopUrl?: string;
  /**
   * Every file the shop keeps, by key (`storage/file-store.ts`): the data directory's folders, or the bucket
   * with `S3_BUCKET`. Tests default to a folder under the system's temporary directory.
   */
  files?: FileStore;
  /** Card payments: the environment the providers' keys come from, and whether the test bank may be used. */
  payments?: {
    env?: ProviderEnv;
    /** The demo shop and development: true; a production shop: false. Default true (tests). */
    allowTestProvider?: boolean;
    /** Replaces the built-in provider factories (tests). */
    factories?: Partial<Record<'iyzico' | 'paytr', ProviderFactory>>;
  };
  /** Carriers (`shipping_provider`): the environment GELIVER_* and YURTICI_* come from, and tests' short waits. */
  shipping?: { env?: CarrierEnv; tuning?: CarrierTuning };
  /** E-invoices (`einvoice_provider`): the environment PARASUT_* come from, and tests' short waits. */
  einvoice?: { env?: EInvoiceEnv; tuning?: EInvoiceTuning };
  /** Trendyol (`trendyol_sync`): the environment TRENDYOL_* come from, a clock and tests' short waits. */
  trendyol?: { env?: MarketplaceEnv; tuning?: ChannelTuning; now?: () => Date };
}

/** The real card providers Vitrin knows, each built from its environment variables. */
const PROVIDER_FACTORIES: Partial<Record<'iyzico' | 'paytr', ProviderFactory>> = {
  iyzico: iyzicoFactory,
  paytr: paytrFromEnv,
};

/** Every domain service, wired to one database. Passed to API routes and to React Router loaders. */
export function createServices(database: Database, options: ServicesOptions = {}) {
  const cache = createCache();
  const { db } = database;
  const files = options.files ?? createDiskStore(path.join(os.tmpdir(), 'vitrin-files'));
  const settings = createSettingsService(db, cache, {
    env: options.einvoice?.env ?? process.env,
    marketplaceEnv: options.trendyol?.env ?? process.env,
  });
  const navigation = createNavigationService(db, cache);
  const content = createContentService(db, cache);
  const blog = createBlogService(db, cache);
  // The panel's content pages and blog posts (bodies sanitized before they are stored, changes audited).
  const pageAdmin = createPageAdmin(db, cache);
  const blogAdmin = createBlogAdmin(db, cache);
  const home = createHomeService(cache, settings, navigation);
  const catalog = createCatalogService(db, cache, settings);
  const catalogAdmin = createCatalogAdmin(db, cache);
  // The panel's products: list, form, bulk actions, stock adjustments (each change audited, caches dropped).
  const productAdmin = createProductAdmin(db, cache, settings);
  // The panel's structure screens: the category tree, tags and the header menu (each change audited).
  const categoryAdmin = createCategoryAdmin(db, cache);
  const tagAdmin = createTagAdmin(db, cache);
  const menuAdmin = createMenuAdmin(db, cache);
  const mailer =
    options.mailer ??
    createMailer({
      outboxDir: path.join(os.tmpdir(), 'vitrin-outbox'),
      from: 'Vitrin <noreply@vitrin.invalid>',
    });
  // Every e-mail goes through the durable queue (`mail/queue.ts`); `mail.mailer` queues one on its own.
  const mail = createMailQueue(db, { mailer });
  const customers = createCustomerService(db, {
    mailer: mail.mailer,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    // Asked at each e-mail: the operator may rename the shop while it runs.
    shopName: () => settings.get('brand_name'),
    files,
    cache,
  });
  const addresses = createAddressBook(db);
  // A customer's earlier guest orders, added to the account once its e-mail address is proven theirs.
  const guestOrders = createGuestOrderLinks(db, {
    secret: createSecret(db, 'guest_order_link'),
    mail,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    shopName: () => settings.get('brand_name'),
  });
  // Orders after placement and their card payments (`payment_provider`: the `/secure-pay` page). Both load
  // their HMAC secrets from the database now; their async methods wait for that (see orders/secrets.ts).
  const orders = createOrderService(db, {
    mail,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    settings,
    // A cancelled paid card order: its refund goes to the provider right after the commit.
    onRefundDue: () => void payments.refundDue(),
  });
  const paymentProviders = createPaymentProviders({
    settings,
    env: options.payments?.env ?? process.env,
    allowTestProvider: options.payments?.allowTestProvider ?? true,
    testSecret: createSecret(db, 'test_payment_provider'),
    factories: { ...PROVIDER_FACTORIES, ...options.payments?.factories },
  });
  const payments = createPaymentService(db, {
    orders,
    providers: paymentProviders,
    settings,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
  });
  // The money path before the order exists: cart, coupons, checkout (which hands over to `orders`).
  const coupons = createCouponService(db, { categories: createCategoryService(db, cache).tree, cache });
  const cart = createCartService(db, { settings, coupons, cache, files, database });
  const checkout = createCheckoutService(db, {
    settings,
    cart,
    coupons,
    customers,
    orders,
    cardPayments: async () => (await paymentProviders.active()).provider !== null,
  });
  // Favourites (Favorilerim) and the compare list (Karşılaştır), read through the catalogue's public shapes.
  const wishlist = createWishlistService(db, { settings });
  const compare = createCompareService(db, { catalog });
  // The contact form and support tickets (their attachments outside the public uploads).
  const contact = createContactService(db, { mailer: mail.mailer, settings });
  // "Gelince haber ver": one e-mail when a sold-out product is back, to confirmed addresses only.
  const stockAlerts = createStockAlertService(db, {
    mail,
    settings,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
  });
  // Marketing e-mails, only with consent: abandoned-cart reminders and review requests (a round each minute).
  const marketing = createMarketing(database, {
    mail,
    settings,
    cart,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
  });
  const support = createSupportService(db, {
    mail,
    settings,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    files,
    database,
  });
  // Product reviews of verified buyers (photos in the public uploads), read by the product page.
  const reviews = createReviewService(db, { files });
  // Support's saved replies, inserted into a ticket's reply in the panel.
  const savedReplies = createSavedReplies(db);
  // The owner's panel: staff accounts, their sessions and two-step login, and the log of who changed what.
  const staff = createStaffService(db);
  const audit = createAuditLog(db);
  // Product reviews in the panel: moderation (the ratings recounted, the writer told of a rejection), answers.
  const reviewsAdmin = createReviewModeration(db, {
    cache,
    mail,
    files,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    shopName: () => settings.get('brand_name'),
  });
  // The panel's dashboard figures and exports, and an order's printable papers.
  const reports = createReports(db, settings);
  const orderDocuments = createOrderDocuments(db, settings);
  const orderAdmin = createAdminOrders(db, orders);
  // Labels bought from Geliver or Yurtiçi Kargo (`shipping_provider`; keys from the environment only).
  const shipping = createShippingService(db, {
    settings,
    orders,
    env: options.shipping?.env ?? process.env,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    ...(options.shipping?.tuning ? { tuning: options.shipping.tuning } : {}),
  });
  // Cancelled labels and return shipments of delivered orders (the shopper mailed the return code).
  const shipmentReturns = createShipmentReturns(db, {
    settings,
    orders,
    env: options.shipping?.env ?? process.env,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    ...(options.shipping?.tuning ? { tuning: options.shipping.tuning } : {}),
  });
  // Where bought labels' parcels are: Geliver's webhook and a round every 15 minutes move their orders.
  const shippingSync = createShippingSync(database, {
    orders,
    env: options.shipping?.env ?? process.env,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    ...(options.shipping?.tuning ? { tuning: options.shipping.tuning } : {}),
  });
  // E-Arşiv / e-Fatura through Paraşüt (`einvoice_provider`; keys from the environment only): a job per order.
  const einvoicing = createEInvoicing(database, {
    settings,
    files,
    env: options.einvoice?.env ?? process.env,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    onMailQueued: () => mail.kick(),
    ...(options.einvoice?.tuning ? { tuning: options.einvoice.tuning } : {}),
  });
  // Trendyol (`trendyol_sync`; keys from the environment only): listings linked by barcode, stock and prices
  // pushed, packages pulled, a round every minute on one node.
  const trendyolSync = createTrendyolSync(database, {
    settings,
    env: options.trendyol?.env ?? process.env,
    channel: (env) => channelFromEnv('trendyol', env, options.trendyol?.tuning ?? {}),
    orders,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    ...(options.trendyol?.now ? { now: options.trendyol.now } : {}),
  });
  // The product import (CSV/XLSX, one transaction, the catalogue index built again once) and export.
  const productImports = createProductImports(db, cache, createKeptImportFiles(files, database));
  const customerAdmin = createCustomerAdmin(db, {
    guestOrders,
    files,
    cache,
  });
  return {
    database,
    files,
    cache,
    settings,
    navigation,
    content,
    blog,
    pageAdmin,
    blogAdmin,
    home,
    catalog,
    catalogAdmin,
    productAdmin,
    categoryAdmin,
    tagAdmin,
    menuAdmin,
    customers,
    addresses,
    guestOrders,
    cart,
    coupons,
    checkout,
    orders,
    payments,
    paymentProviders,
    wishlist,
    compare,
    contact,
    support,
    reviews,
    stockAlerts,
    /** `start()` on a server: cart reminders and review requests; `unsubscribe`, `restore` for the links. */
    marketing,
    staff,
    audit,
    reviewsAdmin,
    reports,
    orderDocuments,
    orderAdmin,
    shipping,
    /** `start()` on a server: the carrier status rounds; `geliverWebhook`, `health` for the routes. */
    shippingSync,
    shipmentReturns,
    /** `start()` on a server: the e-invoice rounds; `request`, `view`, `pdf`, `list`, `retry`, `health`. */
    einvoicing,
    /** `start()` on a server: the Trendyol rounds; `runNow`, `health`, `page`, `setBuffer` for the CLI and routes. */
    trendyolSync,
    customerAdmin,
    savedReplies,
    productImports,
    /** The e-mail queue: `start()` on a server (a round each minute), `list`/`retry` for the CLI. */
    mail,
    /** Closed at shutdown, after `mail.drain()`. */
    mailer,
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * Keeps the caches of several app nodes on one PostgreSQL server consistent: a change made here is
 * announced, a change announced elsewhere drops the local caches. (On the embedded database there is one
 * process, but the same mechanism serves several service sets on one handle.)
 */
export async function connectCacheBus(services: Services): Promise<void> {
  const { database, cache } = services;
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  // A change names its products when it can, so that the catalogue index refreshes only them.
  await database.listen(CACHE_CHANNEL, (payload) => {
    const { origin: from, change } = decodeChange(payload);
    if (from !== origin) cache.clearLocal(change);
  });
  cache.onInvalidate((change) => database.notify(CACHE_CHANNEL, encodeChange(origin, change)));
}
