import type { OrderAddressView } from '@vitrin/shared/api/orders';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (Drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Global settings as key/value rows; the typed registry in `settings/registry.ts` owns keys and parsing. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamps.updatedAt,
});

/** The header menu: a tree kept in order by `position` among siblings. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => menuItems.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('menu_items_parent_idx').on(t.parentId, t.position)],
);

export const socialAccounts = pgTable('social_accounts', {
  id: serial('id').primaryKey(),
  platform: text('platform').notNull(),
  label: text('label').notNull(),
  url: text('url').notNull(),
  position: integer('position').notNull().default(0),
});

/** Content pages: 1 corporate, 2 help, 3 static, 4 blog (see PAGE_TYPES in @vitrin/shared). */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    ...timestamps,
  },
  (t) => [check('pages_type_check', sql`${t.type} between 1 and 4`)],
);

/**
 * The addresses a content page had: each slug it left, so /content/{old} answers 301 to its address now.
 * Looked up only when no page has the slug (a slug another page took is that page's).
 */
export const pageSlugHistory = pgTable('page_slug_history', {
  slug: text('slug').primaryKey(),
  pageId: integer('page_id')
    .notNull()
    .references(() => pages.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------
// Catalogue

/** Product categories: a tree kept in order by `position` among siblings. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

/** One option group of a variant product, e.g. `{ name: 'Renk', values: ['Kırmızı', 'Mavi'] }`. */
export interface OptionGroup {
  name: string;
  values: string[];
}

/** A personalization field of a designable product (stock type 3). */
export interface PersonalizationField {
  key: string;
  label: string;
  maxLength: number;
  required: boolean;
}

export interface Personalization {
  fields: PersonalizationField[];
  /** Whether the shopper may upload an image (checked by type and size when the cart arrives). */
  allowImage: boolean;
  /** Extra charge in minor units of the product's sale price currency; 0 for none. */
  surchargeMinor: number;
}

export interface Specification {
  key: string;
  value: string;
}

/**
 * Products of the four stock types (1 single, 2 variant, 3 designable, 4 virtual). `images` is the spec's JSON
 * list of `folder/file` paths. `stock` null means unlimited (virtual products without a set quantity).
 * `search_text` is the Turkish-folded name, SKU and tags, written by the application (PGlite has no ICU).
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The maker's name as shops and price-comparison feeds show it; empty when unknown. */
    brand: text('brand').notNull().default(''),
    /** GTIN/EAN of a product without variants (variants carry their own); null when unknown. */
    barcode: text('barcode'),
    stockType: smallint('stock_type').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Alt text of the product's and its variants' images by path; an image without one is described by the name. */
    imageAlts: jsonb('image_alts').$type<Record<string, string>>().notNull().default({}),
    vatRate: smallint('vat_rate').notNull(),
    stock: integer('stock'),
    isActive: boolean('is_active').notNull().default(true),
    optionGroups: jsonb('option_groups').$type<OptionGroup[]>().notNull().default([]),
    personalization: jsonb('personalization').$type<Personalization | null>(),
    specifications: jsonb('specifications').$type<Specification[]>().notNull().default([]),
    searchText: text('search_text').notNull().default(''),
    /** Name, tags, category and summary lowercased the Turkish way, for full-text search with stems. */
    searchDocument: text('search_document').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('turkish', ${products.searchDocument})`,
    ),
    /** Turkish alphabetical sort key of the name (ç after c, ı before i…), written by the application. */
    nameSort: text('name_sort').notNull().default(''),
    /** The product page's `<title>` and meta description when set (empty: made from the name and summary). */
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    /** Stock at or under this is low (the dashboard's list); null: the shop's `low_stock_threshold`. */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Approved reviews (issue 44): how many, and the sum of their ratings (1-5), kept by the review's moderation. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /**
     * `updated_at` is the product's version: every change of the product, its variants or its prices sets it
     * (checkout prices from cached catalogue rows only while the version it reads is theirs).
     */
    ...timestamps,
  },
  (t) => [
    check('products_stock_type_check', sql`${t.stockType} between 1 and 4`),
    check('products_vat_rate_check', sql`${t.vatRate} in (0, 10, 20)`),
    check('products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('products_rating_check', sql`${t.ratingSum} between ${t.ratingCount} and 5 * ${t.ratingCount}`),
    index('products_category_idx').on(t.categoryId),
    index('products_name_sort_idx').on(t.nameSort),
    index('products_created_idx').on(t.createdAt),
  ],
);

/**
 * The addresses a product had: each slug it left, so /product/{old} answers 301 to its address now. Looked
 * up only when no product has the slug (a slug another product took is that product's).
 */
export const productSlugHistory = pgTable('product_slug_history', {
  slug: text('slug').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Variants of a stock-type-2 product; `options` names one value per option group, e.g. `{ Renk: 'Mavi' }`. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    /** GTIN/EAN of this variant; null when unknown. */
    barcode: text('barcode'),
    options: jsonb('options').$type<Record<string, string>>().notNull(),
    stock: integer('stock').notNull().default(0),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId),
    check('product_variants_stock_check', sql`${t.stock} >= 0`),
  ],
);

/**
 * Price entries `{ price_type, price, currency }` of a product or of one of its variants. Amounts are integer
 * minor units. Type 1 (purchase price) is cost and never leaves the server.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    priceType: smallint('price_type').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    check('product_prices_type_check', sql`${t.priceType} between 1 and 5`),
    check('product_prices_amount_check', sql`${t.amountMinor} >= 0`),
    check('product_prices_currency_check', sql`${t.currency} in ('TRY', 'USD', 'EUR')`),
    uniqueIndex('product_prices_entry_idx').on(t.productId, sql`coalesce(${t.variantId}, 0)`, t.priceType),
  ],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);

/** Why stock changed: the staff's adjustment reasons, and an order's sale or its cancellation. */
export const STOCK_MOVEMENT_REASONS = [
  'sayım',
  'fire',
  'iade',
  'tedarik',
  'düzeltme',
  'sipariş',
  'sipariş iptali',
] as const;

/**
 * Every change of a product's or variant's counted stock: who (a staff member, the CLI or an order), when,
 * the stock before and after, and why. Written in the transaction of the change; never updated.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    stockBefore: integer('stock_before').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id').references((): AnyPgColumn => staff.id),
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId, t.createdAt)],
);

/**
 * The product import's checked rows on their way in: written in small batches while other queries go on, then
 * applied to the catalogue by set-based statements in one short transaction, and deleted (by the run's id;
 * rows a crashed run left are deleted at start-up). `data` holds the columns to write (every column of a new
 * product or variant, only the changed ones of a stored one), `prices` the whole price list when it changed.
 */
export const importStaging = pgTable(
  'import_staging',
  {
    importId: text('import_id').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['product', 'variant'] }).notNull(),
    line: integer('line'),
    /** Null for a stored product whose option groups grew by a new variant of the file (no row of its own). */
    sku: text('sku'),
    /** The stored product or variant; null for a new one. */
    productId: integer('product_id'),
    variantId: integer('variant_id'),
    parentSku: text('parent_sku'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    prices: jsonb('prices').$type<{ t: number; a: number; c: string }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] }), index('import_staging_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Customer accounts

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
/**
 * Money of orders and payments, in minor units: 64-bit, so no order total can overflow a column. Read as a
 * JS number (exact up to 2^53); the cart refuses an order above MAX_ORDER_TOTAL_MINOR long before that.
 */
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Shoppers with an account. `email` is stored trimmed and lowercased, so the unique index is the
 * case-insensitive check. A deleted account keeps its row (orders refer to it and must be kept by law) with
 * the personal data erased: `deleted_at` set, name `Silinmiş`, e-mail `deleted-<id>@invalid`, no phone and a
 * password hash nothing can match.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164 (`+905321234567`); null only for a deleted account. */
    phone: text('phone'),
    /** `scrypt$N$r$p$salt$hash`, see `customers/passwords.ts`. */
    passwordHash: text('password_hash').notNull(),
    /** Sees and pays price type 5 (Toptan Satış Fiyatı); set by the operator. */
    wholesale: boolean('wholesale').notNull().default(false),
    /** When the customer acknowledged the KVKK notice (required to register). */
    kvkkAcceptedAt: timestampTz('kvkk_accepted_at').notNull(),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** When marketing consent was last given or withdrawn; null if never given. */
    marketingConsentAt: timestampTz('marketing_consent_at'),
    /**
     * The random token of the one-click unsubscribe link in every marketing e-mail (made with the first one): it
     * can only withdraw the consent, so it is kept as is, to be put in each mail.
     */
    unsubscribeToken: text('unsubscribe_token'),
    deletedAt: timestampTz('deleted_at'),
    /** Set by staff (the panel): the account cannot log in and its sessions have ended; null when enabled. */
    disabledAt: timestampTz('disabled_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customers_email_idx').on(t.email),
    uniqueIndex('customers_unsubscribe_token_idx').on(t.unsubscribeToken),
  ],
);

/**
 * Login sessions. Only the SHA-256 of the token is stored, so a copy of the database logs nobody in.
 * `expires_at` slides forward on use (`last_used_at` limits that to one write a minute).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** "Beni hatırla": 30 days instead of 1 between uses. */
    remember: boolean('remember').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    lastUsedAt: timestampTz('last_used_at').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_customer_idx').on(t.customerId),
  ],
);

/** Single-use password reset tokens (SHA-256 stored, like sessions), valid for an hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_idx').on(t.tokenHash),
    index('password_resets_customer_idx').on(t.customerId),
  ],
);

/**
 * The address book. Invoice details follow `billing_type`: a T.C. kimlik no for an individual, company
 * name, VKN and tax office for a company. The partial unique indexes hold "at most one default shipping and
 * one default billing address per customer" even against a bug or a race.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    provinceCode: smallint('province_code').notNull(),
    /** Spelled as in `@vitrin/shared/address/turkey`. */
    district: text('district').notNull(),
    line: text('line').notNull(),
    postcode: text('postcode'),
    billingType: text('billing_type').$type<'individual' | 'corporate'>().notNull(),
    tcKimlikNo: text('tc_kimlik_no'),
    companyName: text('company_name'),
    taxNumber: text('tax_number'),
    taxOffice: text('tax_office'),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId),
    uniqueIndex('addresses_default_shipping_idx').on(t.customerId).where(sql`${t.isDefaultShipping}`),
    uniqueIndex('addresses_default_billing_idx').on(t.customerId).where(sql`${t.isDefaultBilling}`),
    check('addresses_province_check', sql`${t.provinceCode} between 1 and 81`),
    check(
      'addresses_billing_check',
      sql`(${t.billingType} = 'individual' and ${t.tcKimlikNo} is not null) or (${t.billingType} = 'corporate' and ${t.companyName} is not null and ${t.taxNumber} is not null and ${t.taxOffice} is not null)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// The money path: carts, coupons, orders, payments

/**
 * A cart kept on the server. A guest's cart is found by the SHA-256 of the random token in its cookie; a
 * customer's by `customer_id` (one cart each). At login the guest cart is merged into the customer's.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** The coupon the shopper applied (checked again at every read and at checkout). */
    couponCode: text('coupon_code'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('carts_token_hash_idx').on(t.tokenHash),
    uniqueIndex('carts_customer_idx').on(t.customerId),
    check('carts_owner_check', sql`${t.tokenHash} is not null or ${t.customerId} is not null`),
  ],
);

/** What a shopper chose for a designable product (stock type 3): text per field key, an uploaded image. */
export interface CartPersonalization {
  fields: Record<string, string>;
  /** `folder/file` under the uploads, when the product allows an image and one was uploaded. */
  image?: string;
}

/**
 * Lines of a cart. `line_key` makes one line per product, variant and personalization, so adding the same
 * thing again raises the quantity. `added_price_minor` is the TRY unit price when the line was added, for
 * the "price changed" warning.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    lineKey: text('line_key').notNull(),
    quantity: integer('quantity').notNull(),
    personalization: jsonb('personalization').$type<CartPersonalization | null>(),
    addedPriceMinor: integer('added_price_minor').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cart_items_line_idx').on(t.cartId, t.lineKey),
    check('cart_items_quantity_check', sql`${t.quantity} between 1 and 999`),
  ],
);

/**
 * Coupons. `kind` percent: `value` is a whole percent (1-100); amount: `value` is TRY minor units.
 * `used_count` is raised with one conditional update inside the order transaction (never past
 * `usage_limit`) and lowered when an order using it is cancelled or its payment fails.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** As the owner typed it; shown as it is. */
    code: text('code').notNull(),
    /**
     * What a typed code is matched on: the code lowercased with the Turkish letters as their ASCII ones
     * (`KASIM10`, `kasım10`, `KASİM10` → `kasim10`), kept by the database. The same fold as `foldTurkish`
     * for the letters a code may hold (coupons/code.ts); two codes with one key cannot exist.
     */
    codeKey: text('code_key')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(translate(${coupons.code}, 'İIıÇçĞğÖöŞşÜü', 'iiiccggoossuu'))`),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    value: integer('value').notNull(),
    minBasketMinor: integer('min_basket_minor').notNull().default(0),
    startsAt: timestampTz('starts_at'),
    endsAt: timestampTz('ends_at'),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Only lines of this category (and its subcategories) are discounted; null for the whole cart. */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    isPublic: boolean('is_public').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coupons_code_key_idx').on(t.codeKey),
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'amount')`),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.kind} = 'amount' or ${t.value} <= 100)`),
    check(
      'coupons_used_check',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

/** One use of a coupon by an order (per-customer limits count these; the row goes when the use is released). */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Lowercased e-mail of the buyer: guests are counted by it. */
    email: text('email').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('coupon_uses_order_idx').on(t.orderId),
    index('coupon_uses_coupon_email_idx').on(t.couponId, t.email),
  ],
);

/** An address as copied into an order (the address book may change later; the order must not). */
export type OrderAddress = OrderAddressView;

/** VAT of an order per rate, in TRY minor units (`vat` is contained in `gross`). */
export interface VatLine {
  rate: 0 | 10 | 20;
  grossMinor: number;
  vatMinor: number;
}

/** `marketplace`: an order from a marketplace package (issue 43); the marketplace collected the money. */
export type PaymentMethod = 'card' | 'transfer' | 'cod' | 'marketplace';
/**
 * `pending`: a card payment not made yet, or a transfer not received yet; `not_required`: cash on delivery;
 * `refund_pending`: a paid order was cancelled and its money is owed back (a card refund goes to the provider
 * after the commit; a transfer is sent back by the shop); `refunded`: the money went back.
 */
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'not_required' | 'refund_pending' | 'refunded';

/**
 * Orders. Everything an invoice needs is copied in: lines, prices, VAT per rate, the exchange rates used,
 * both addresses. `status` is one of the states 0-7 (`orders/states.ts`); every change goes through
 * `changeStatus` and leaves an `order_history` row. `order_no` is short, readable and not guessable.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    status: smallint('status').notNull().default(0),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    /** Card instalments chosen (1 for a single payment). */
    instalments: smallint('instalments').notNull().default(1),
    subtotalMinor: money('subtotal_minor').notNull(),
    discountMinor: money('discount_minor').notNull().default(0),
    shippingMinor: money('shipping_minor').notNull().default(0),
    codFeeMinor: money('cod_fee_minor').notNull().default(0),
    /** Instalment surcharge: the instalment prices (type 4) above the sale prices, when paying in instalments. */
    instalmentFeeMinor: money('instalment_fee_minor').notNull().default(0),
    totalMinor: money('total_minor').notNull(),
    vatLines: jsonb('vat_lines').$type<VatLine[]>().notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    usdRate: text('usd_rate').notNull(),
    eurRate: text('eur_rate').notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress | null>(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    note: text('note').notNull().default(''),
    /** The client's `Idempotency-Key`: a retried or doubled request finds this order instead of a second. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request the key first came with: the same key with another request is refused. */
    requestHash: text('request_hash'),
    cargoCompany: text('cargo_company'),
    trackingNo: text('tracking_no'),
    /** An unpaid card order releases its stock after this moment. */
    paymentDueAt: timestampTz('payment_due_at'),
    /** When the review request e-mail was queued for this delivered order, or decided against (no consent). */
    reviewRequestedAt: timestampTz('review_requested_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_order_no_idx').on(t.orderNo),
    uniqueIndex('orders_idempotency_idx').on(t.idempotencyKey),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_payment_due_idx').on(t.paymentDueAt).where(sql`${t.paymentStatus} = 'pending'`),
    index('orders_review_request_idx').on(t.status, t.updatedAt).where(sql`${t.reviewRequestedAt} is null`),
    check('orders_status_check', sql`${t.status} between 0 and 7`),
    check(
      'orders_payment_method_check',
      sql`${t.paymentMethod} in ('card', 'transfer', 'cod', 'marketplace')`,
    ),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} in ('pending', 'paid', 'failed', 'not_required', 'refund_pending', 'refunded')`,
    ),
    check('orders_total_check', sql`${t.totalMinor} >= 0`),
  ],
);

/** Lines of an order, copied from the cart and the catalogue at the moment of the order. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    stockType: smallint('stock_type').notNull(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    /** `{ Renk: 'Mavi' }` for a variant. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    personalization: jsonb('personalization').$type<CartPersonalization | null>(),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    /** TRY minor units, VAT included, personalization surcharge included. */
    unitPriceMinor: money('unit_price_minor').notNull(),
    /** The stored price and its currency before conversion. */
    originalPriceMinor: money('original_price_minor').notNull(),
    originalCurrency: text('original_currency').notNull(),
    vatRate: smallint('vat_rate').notNull(),
    lineTotalMinor: money('line_total_minor').notNull(),
    /** Whether stock was taken for this line (and so is given back on cancel). */
    stockTaken: boolean('stock_taken').notNull(),
    /** Units refunded from the panel (their stock went back then; a later cancel gives back the rest). */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_check', sql`${t.quantity} between 1 and 999`),
  ],
);

/** Every state change of an order, with who made it. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    /**
     * `customer`, `payment`, `system` (expiry), `operator` (CLI, the admin panel), `carrier` (the carrier's
     * scans), `channel` (a marketplace's package status).
     */
    actor: text('actor').notNull(),
    /** The staff member who made it in the panel (a state change, a Havale / EFT marked paid); null otherwise. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.createdAt)],
);

/** A card payment attempt: `refund_pending` money taken that is owed back (sent to the provider), `refunded`. */
export type CardPaymentStatus = 'pending' | 'succeeded' | 'failed' | 'refund_pending' | 'refunded';

/**
 * Card payment attempts of an order. `reference` is the random id the payment page and the provider's
 * signed result refer to. Only the last four digits of a card are kept; never the number.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** test (the built-in test bank), sandbox (the provider's test system) or live. */
    mode: text('mode').$type<'test' | 'sandbox' | 'live'>().notNull().default('test'),
    reference: text('reference').notNull(),
    amountMinor: money('amount_minor').notNull(),
    instalments: smallint('instalments').notNull().default(1),
    status: text('status').$type<CardPaymentStatus>().notNull().default('pending'),
    failureCode: text('failure_code'),
    cardLast4: text('card_last4'),
    /** The provider's id of the payment (iyzico paymentId, PayTR merchant_oid), once it answered. */
    providerPaymentId: text('provider_payment_id'),
    /** What the card was charged, instalment interest included; the provider's fees. */
    paidTotalMinor: money('paid_total_minor'),
    feeMinor: money('fee_minor'),
    /** Per order line, the provider's reference for refunding that line (iyzico paymentTransactionId). */
    lineRefs: jsonb('line_refs').$type<Record<string, string>>(),
    /** Money given back so far (refunds of lines add up here) and the provider's reference of the last. */
    refundedMinor: money('refunded_minor').notNull().default(0),
    refundRef: text('refund_ref'),
    /** A node asking the provider about this pending attempt (the callback's auth) until then: others wait. */
    claimedUntil: timestampTz('claimed_until'),
    createdAt: timestamps.createdAt,
    completedAt: timestampTz('completed_at'),
    refundedAt: timestampTz('refunded_at'),
  },
  (t) => [
    uniqueIndex('payments_reference_idx').on(t.reference),
    index('payments_order_idx').on(t.orderId),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'refund_pending', 'refunded')`,
    ),
  ],
);

/** One refunded line of a `payment_refunds` row: our order line, how many units, how much money. */
export interface RefundedLine {
  itemId: number;
  quantity: number;
  amountMinor: number;
}

/**
 * Money given back from a card payment, one row per refund (lines from the panel, the whole payment after a
 * cancellation). Written `pending` before the provider is asked, with `reference` (our id of the refund,
 * sent to the provider); a retry after a lost answer looks the refund up at the provider first, so it is
 * made once. `request_key` is the panel's key of one confirmation: a double click finds the same row.
 * `claimed_until`: a node asking the provider about it until then; no other asks meanwhile.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    requestKey: text('request_key'),
    /** `lines`: chosen lines; `all`: what is left of the payment (voided instead the same day where it can). */
    kind: text('kind').$type<'lines' | 'all'>().notNull(),
    amountMinor: money('amount_minor').notNull(),
    lines: jsonb('lines').$type<RefundedLine[]>().notNull().default([]),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    /** Whether the provider was asked at least once (then a retry looks it up before asking again). */
    asked: boolean('asked').notNull().default(false),
    claimedUntil: timestampTz('claimed_until'),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    /** `staff:<id>` or `payment` (a cancellation's refund). */
    actor: text('actor').notNull(),
    createdAt: timestamps.createdAt,
    completedAt: timestampTz('completed_at'),
  },
  (t) => [
    uniqueIndex('payment_refunds_reference_idx').on(t.reference),
    uniqueIndex('payment_refunds_request_key_idx').on(t.orderId, t.requestKey),
    index('payment_refunds_payment_idx').on(t.paymentId),
    check('payment_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('payment_refunds_kind_check', sql`${t.kind} in ('lines', 'all')`),
    check('payment_refunds_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** What a shipment's row keeps of the request it was bought with (the label of a carrier that makes none). */
export interface ShipmentRequestRecord {
  sender: {
    name: string;
    phone: string;
    email?: string;
    city: string;
    district: string;
    address: string;
    postalCode?: string;
  };
  recipient: {
    name: string;
    phone: string;
    email?: string;
    city: string;
    district: string;
    address: string;
    postalCode?: string;
  };
  parcels: { weightKg: number; desi?: number }[];
  valueMinor: number;
  /** A return: the shopper sends to the shop; `returnOf` the carrier's id of the shipment that went out. */
  isReturn?: boolean;
  returnOf?: string;
  /** A "kapıda ödeme" order: what the carrier collects from the shopper, kuruş (the order's total). */
  cashOnDeliveryMinor?: number;
}

/**
 * A carrier shipment of an order (issue 41): the row is written with its request key before the carrier is
 * called, so a retry (a timeout, the carrier down, a double click) asks the carrier with the same key and
 * never buys a second label. `pending`: not bought yet (`next_attempt_at` after a retryable failure);
 * `created`: the label is bought; `failed`: the carrier refused it (a new request makes a new row and key).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'outbound' | 'return'>().notNull().default('outbound'),
    /** The adapter: `geliver` or `yurtici`. */
    carrier: text('carrier').$type<'geliver' | 'yurtici'>().notNull(),
    /** `<order no>-<n>` (`<order no>-R<n>` for a return): the carrier's idempotency key. */
    requestKey: text('request_key').notNull(),
    request: jsonb('request').$type<ShipmentRequestRecord>().notNull(),
    /** The carrier that carries it, as shoppers know it (`Yurtiçi Kargo`; through Geliver, the chosen offer's). */
    company: text('company'),
    carrierShipmentId: text('carrier_shipment_id'),
    trackingNo: text('tracking_no'),
    trackingUrl: text('tracking_url'),
    /** The carrier's own label address, when it hosts one (the panel prints through the shop's route). */
    labelUrl: text('label_url'),
    /** `cancelled`: a label bought by mistake, cancelled at the carrier (kept for the record; never reused). */
    status: text('status')
      .$type<'pending' | 'created' | 'failed' | 'cancelled'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestampTz('next_attempt_at'),
    /** While one request is asking the carrier: the others wait for its answer instead of asking too. */
    claimedUntil: timestampTz('claimed_until'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('shipments_request_key_idx').on(t.requestKey),
    index('shipments_order_idx').on(t.orderId),
    index('shipments_carrier_id_idx').on(t.carrier, t.carrierShipmentId),
    check('shipments_kind_check', sql`${t.kind} in ('outbound', 'return')`),
    check('shipments_carrier_check', sql`${t.carrier} in ('geliver', 'yurtici')`),
    check('shipments_status_check', sql`${t.status} in ('pending', 'created', 'failed', 'cancelled')`),
  ],
);

/**
 * An order's e-invoice (issue 42): one per order, issued by the integrator `provider` (Paraşüt) step by step.
 * `progress` is what the integrator has done so far (`InvoiceProgress`), stored after every step so a retry
 * resumes where it stopped and never makes a second invoice; the PDF is downloaded once into the file store
 * (`pdf_key`) and served by the shop.
 */
export const orderInvoices = pgTable(
  'order_invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'parasut'>().notNull(),
    status: text('status')
      .$type<'pending' | 'issued' | 'failed' | 'cancelled'>()
      .notNull()
      .default('pending'),
    progress: jsonb('progress').$type<InvoiceProgressRecord>().notNull().default({}),
    invoiceNumber: text('invoice_number'),
    documentType: text('document_type').$type<'e_archive' | 'e_invoice'>(),
    /** The PDF's key in the file store (`private/invoices/…`), once downloaded. */
    pdfKey: text('pdf_key'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestampTz('next_attempt_at'),
    /** While one round or request is issuing it: no other takes it. */
    claimedUntil: timestampTz('claimed_until'),
    issuedAt: timestampTz('issued_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_invoices_order_idx').on(t.orderId),
    index('order_invoices_due_idx').on(t.status, t.nextAttemptAt),
    check('order_invoices_provider_check', sql`${t.provider} in ('parasut')`),
    check('order_invoices_status_check', sql`${t.status} in ('pending', 'issued', 'failed', 'cancelled')`),
    check(
      'order_invoices_document_type_check',
      sql`${t.documentType} is null or ${t.documentType} in ('e_archive', 'e_invoice')`,
    ),
  ],
);

/** `InvoiceProgress` as the table keeps it (core/einvoice/einvoice.ts). */
export interface InvoiceProgressRecord {
  contactId?: string;
  productIds?: Record<string, string>;
  invoiceId?: string;
  paid?: boolean;
  paymentId?: string;
  documentType?: 'e_archive' | 'e_invoice';
  inboxAlias?: string;
  jobId?: string;
  documentId?: string;
  invoiceNumber?: string;
  pdfUrl?: string;
  pdfExpiresAt?: string;
  step?: 'contact' | 'products' | 'invoice' | 'payment' | 'document' | 'job' | 'pdf';
  reversal?: {
    reason: 'cancelled' | 'refunded';
    requestedAt: string;
    kind?: 'cancel' | 'return' | 'note';
    done?: boolean;
    billId?: string;
    billNumber?: string;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Wishlist, blog, contact, support

/**
 * A customer's wishlist (a guest's lives in a cookie and is merged in at login). `added_price_minor` is the
 * TRY unit price when the product was added, for the "price dropped" note.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedPriceMinor: integer('added_price_minor').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('wishlist_items_customer_product_idx').on(t.customerId, t.productId)],
);

export const blogCategories = pgTable('blog_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const blogTags = pgTable('blog_tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

/** Blog posts. `body` is sanitized HTML; `cover_image` a `folder/file` path under the uploads. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    coverImage: text('cover_image'),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull(),
    author: text('author').notNull(),
    categoryId: integer('category_id').references(() => blogCategories.id, { onDelete: 'set null' }),
    readingMinutes: smallint('reading_minutes').notNull().default(1),
    isPublished: boolean('is_published').notNull().default(true),
    publishedAt: timestampTz('published_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('blog_posts_published_idx').on(t.isPublished, t.publishedAt),
    index('blog_posts_category_idx').on(t.categoryId),
  ],
);

export const blogPostTags = pgTable(
  'blog_post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => blogTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index('blog_post_tags_tag_idx').on(t.tagId)],
);

/** Messages sent with the contact form (kept even when the e-mail to the shop fails). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** When the KVKK notice was acknowledged (required to send). */
    kvkkAcceptedAt: timestampTz('kvkk_accepted_at').notNull(),
    ip: text('ip'),
    mailedAt: timestampTz('mailed_at'),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export type TicketStatus = 'open' | 'answered' | 'closed';

/** Support tickets of customers (Açık, Yanıtlandı, Kapandı); `ticket_no` is short, readable and not guessable. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    ticketNo: text('ticket_no').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('support_tickets_ticket_no_idx').on(t.ticketNo),
    index('support_tickets_customer_idx').on(t.customerId, t.updatedAt),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);

/** The thread of a ticket: the customer's and the shop's messages, each with an optional attachment. */
/**
 * Support's saved replies ("hazır yanıtlar"): a title and a text staff insert into a ticket's reply in the
 * panel and edit before sending. Shared by every staff member; a title names one reply.
 */
export const supportSavedReplies = pgTable(
  'support_saved_replies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('support_saved_replies_title_idx').on(sql`lower(${t.title})`)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author').$type<'customer' | 'shop'>().notNull(),
    body: text('body').notNull(),
    /** Path under `DATA_DIR/private` (never under the public uploads); served only to the ticket's owner. */
    attachmentPath: text('attachment_path'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachmentSize: integer('attachment_size'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('support_messages_ticket_idx').on(t.ticketId, t.createdAt),
    check('support_messages_author_check', sql`${t.author} in ('customer', 'shop')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// E-mail

/** `pending` waits for its next attempt, `sent`, or `failed` for good (an operator may retry it). */
export type MailStatus = 'pending' | 'sent' | 'failed';

/**
 * The durable outbox of every e-mail (`mail/queue.ts`): written in the transaction of the change that
 * causes it, sent by whichever app node claims it first (`FOR UPDATE SKIP LOCKED`), retried with backoff.
 * The message is stored composed, as it will be sent.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    /** What the mail is (`order-confirmation`, `password-reset`, ...), for the operator's list. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    bodyText: text('body_text').notNull(),
    /** Extra headers of the message (a marketing mail's `List-Unsubscribe` and `List-Unsubscribe-Post`). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt may start; while one runs, the end of its lease. */
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamps.createdAt,
    sentAt: timestampTz('sent_at'),
  },
  (t) => [
    index('mail_queue_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_queue_status_idx').on(t.status, t.createdAt),
    check('mail_queue_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * "Gelince haber ver": a shopper's wish for one e-mail when a sold-out product (or one of its variants) is in
 * stock again. It counts only once confirmed through the link mailed to the address (the address must be
 * theirs), records when the KVKK consent was given, and is sent once (`notified_at`).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** SHA-256 of the confirmation link's token. */
    tokenHash: text('token_hash').notNull(),
    consentAt: timestampTz('consent_at').notNull(),
    confirmedAt: timestampTz('confirmed_at'),
    notifiedAt: timestampTz('notified_at'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('stock_alerts_token_hash_idx').on(t.tokenHash),
    index('stock_alerts_waiting_idx')
      .on(t.productId)
      .where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null`),
    index('stock_alerts_email_idx').on(t.email, t.productId),
  ],
);

/**
 * Personalization images uploaded and not yet released by the hourly purge: whose cart they came from
 * (`t:` and the cart token's hash, or `c:` and the customer id) and their size, for the per-cart quota and
 * the disk budget of uploads. The purge deletes a row with its file when no line used it, else releases it.
 */
export const personalizationUploads = pgTable(
  'personalization_uploads',
  {
    path: text('path').primaryKey(),
    cartKey: text('cart_key').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('personalization_uploads_cart_idx').on(t.cartKey),
    index('personalization_uploads_created_idx').on(t.createdAt),
  ],
);

/**
 * Staff accounts of the owner's panel, apart from customers: a staff member is never a shopper's account.
 * `email` is stored folded to lower case. Two-step verification: `totp_secret` once confirmed, a
 * `totp_pending_secret` while being set up; `totp_last_step` is the 30-second step of the last accepted
 * code, so a code is never accepted twice. Wrong passwords and codes are counted in `login_failures`.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'manager', 'support'] }).notNull(),
    /** `scrypt$N$r$p$salt$hash`, the customers' hasher (`customers/passwords.ts`). */
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpConfirmedAt: timestampTz('totp_confirmed_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestampTz('disabled_at'),
    lastLoginAt: timestampTz('last_login_at'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('staff_email_idx').on(t.email),
    check('staff_role_check', sql`${t.role} in ('owner', 'manager', 'support')`),
  ],
);

/**
 * Staff sessions (the `vitrin_staff` cookie): the token's SHA-256 only. Idle for 30 minutes or 12 hours old
 * ends one; `revoked_at` ends it at once (logout, password change, disabling, "end all sessions").
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    lastSeenAt: timestampTz('last_seen_at').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_idx').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/**
 * Browsers that logged in to an account (device cookies, `login-guard/`): the cookie names the account and a
 * random nonce, signed with the server's `login_device` secret; only the nonce's SHA-256 is kept, so a row
 * can be revoked (a password change, every session ended) and the table yields no cookie. `account_id` is a
 * customer's or a staff member's id, after `account_kind`.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: serial('id').primaryKey(),
    accountKind: text('account_kind', { enum: ['customer', 'staff'] }).notNull(),
    accountId: integer('account_id').notNull(),
    nonceHash: text('nonce_hash').notNull(),
    createdAt: timestampTz('created_at').notNull(),
    lastUsedAt: timestampTz('last_used_at').notNull(),
  },
  (t) => [
    uniqueIndex('login_devices_nonce_hash_idx').on(t.nonceHash),
    index('login_devices_account_idx').on(t.accountKind, t.accountId),
  ],
);

/**
 * Wrong passwords in a row (`login-guard/`), one row per bucket: `untrusted:<kind>:<e-mail>` for the browsers
 * without a device cookie of that account (made-up e-mails too, so no answer tells whether an account
 * exists) and `device:<id>` for one device cookie. A bucket idle past its lock time is pruned.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestampTz('locked_until'),
    updatedAt: timestampTz('updated_at').notNull(),
  },
  (t) => [index('login_failures_updated_at_idx').on(t.updatedAt)],
);

/**
 * Who changed what in the shop, from the panel (a staff member) or the CLI: the changed fields only, before
 * and after. Written in the transaction of the change; never updated. Staff are disabled, never deleted,
 * so `staff_id` always names someone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestampTz('at').notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['staff', 'cli'] }).notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_entity_idx').on(t.entity, t.at),
  ],
);

/** Staff's internal notes on an order: read in the panel only, never by the customer or in e-mails. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id),
    body: text('body').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/** Binary data (the catalogue snapshot's chunks); Drizzle has no built-in column for it. */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The catalogue index as a starting node finds it (catalog/index-snapshot.ts): the oldest transaction the
 * snapshot may miss (`watermark`, a 64-bit transaction id), so that a node that loads it reads again just the
 * products changed since. One row, named by `name`.
 */
export const catalogueSnapshots = pgTable('catalogue_snapshots', {
  name: text('name').primaryKey(),
  format: integer('format').notNull(),
  watermark: bigint('watermark', { mode: 'bigint' }).notNull(),
  chunkSize: integer('chunk_size').notNull(),
  chunks: integer('chunks').notNull(),
  /** Which node wrote it last: a node rewrites only its changed chunks over a snapshot it wrote itself. */
  writer: text('writer').notNull(),
  savedAt: timestamps.updatedAt,
});

/** The snapshot's chunks: `chunk_size` index slots each, serialized and compressed (index-snapshot.ts). */
export const catalogueSnapshotChunks = pgTable('catalogue_snapshot_chunks', {
  chunk: integer('chunk').primaryKey(),
  data: bytea('data').notNull(),
  savedAt: timestamps.updatedAt,
});

/**
 * Which products each transaction changed (a row of theirs, their tags, prices or variants inserted,
 * updated or deleted), written by triggers (migration 0028) with the transaction's 64-bit id: a node that
 * loads the catalogue snapshot reads again just the products changed from its watermark on
 * (catalog/index-snapshot.ts). Rows older than the snapshot's watermark are deleted when it is written.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    xid: bigint('xid', { mode: 'bigint' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    productId: integer('product_id').notNull(),
  },
  (t) => [index('catalogue_changes_xid_idx').on(t.xid)],
);

/** The marketplaces Vitrin sells on besides the storefront (core/marketplace/channel.ts). */
export type ChannelName = 'trendyol';

/**
 * The seller's listings on a marketplace by barcode (issue 43), read from the channel each round: linked to
 * the product or variant whose barcode it is (both null: a listing only the marketplace has), and what was
 * last sent for it, so a round sends only what changed (Trendyol refuses an identical request within 15
 * minutes) and a failed send is sent again.
 */
export const channelListings = pgTable(
  'channel_listings',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<ChannelName>().notNull(),
    barcode: text('barcode').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** As the channel last listed it (null for a product sent but not yet seen there). */
    stockCode: text('stock_code'),
    title: text('title'),
    approved: boolean('approved').notNull().default(false),
    url: text('url'),
    channelQuantity: integer('channel_quantity'),
    channelSaleMinor: money('channel_sale_minor'),
    channelListMinor: money('channel_list_minor'),
    seenAt: timestampTz('seen_at'),
    /** Pieces kept back from the channel (the owner's buffer for this product). */
    stockBuffer: integer('stock_buffer').notNull().default(0),
    /** What the last accepted send told the channel, and when. */
    sentQuantity: integer('sent_quantity'),
    sentSaleMinor: money('sent_sale_minor'),
    sentListMinor: money('sent_list_minor'),
    sentAt: timestampTz('sent_at'),
    /** The channel's batch a send or a create is waiting on. */
    batchId: text('batch_id'),
    /**
     * A product the owner put on the channel that the channel has not taken yet (it was away): what is sent,
     * kept until the channel answers with a batch id, then null (`marketplace/publish.ts`).
     */
    createItem: jsonb('create_item').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at'),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('channel_listings_barcode_idx').on(t.channel, t.barcode),
    index('channel_listings_product_idx').on(t.productId),
    check('channel_listings_channel_check', sql`${t.channel} in ('trendyol')`),
    check('channel_listings_buffer_check', sql`${t.stockBuffer} >= 0`),
  ],
);

/**
 * An order that came from a marketplace package (one row per order): the package it was made from (a package
 * seen again makes nothing new), the channel's last state of it, and what Vitrin has told the channel back
 * (Picking once the order is being prepared, Invoiced with the invoice number), retried with back-off.
 */
export const channelOrders = pgTable(
  'channel_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ChannelName>().notNull(),
    packageId: text('package_id').notNull(),
    channelOrderNumber: text('channel_order_number').notNull(),
    /** The package's lines by the channel's line id (what a status update names). */
    lines: jsonb('lines').$type<{ lineId: string; barcode: string; quantity: number }[]>().notNull(),
    channelStatus: text('channel_status').notNull(),
    channelModifiedAt: timestampTz('channel_modified_at').notNull(),
    pickingSentAt: timestampTz('picking_sent_at'),
    /** The invoice number typed by the owner or issued by the e-invoice job, and when the channel took it. */
    invoiceNumber: text('invoice_number'),
    invoicedSentAt: timestampTz('invoiced_sent_at'),
    /**
     * Lines the marketplace sold that the shop's stock could not cover when the package came in (or whose
     * barcode matches no product): the order is recorded all the same, and the owner decides. Empty when none.
     */
    shortfall: jsonb('shortfall')
      .$type<{ barcode: string; name: string; wanted: number; available: number | null }[]>()
      .notNull()
      .default([]),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at'),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('channel_orders_package_idx').on(t.channel, t.packageId),
    check('channel_orders_channel_check', sql`${t.channel} in ('trendyol')`),
  ],
);

/**
 * The owner's mapping of the shop's categories and brands to a marketplace's (needed to put a product on it):
 * `local` is the category id or the brand name, `remote` the channel's id.
 */
export const channelMappings = pgTable(
  'channel_mappings',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<ChannelName>().notNull(),
    kind: text('kind').$type<'category' | 'brand'>().notNull(),
    local: text('local').notNull(),
    remote: integer('remote').notNull(),
    remoteName: text('remote_name').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('channel_mappings_local_idx').on(t.channel, t.kind, t.local),
    check('channel_mappings_kind_check', sql`${t.kind} in ('category', 'brand')`),
  ],
);

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/**
 * Product reviews (issue 44): one a customer and product, written by a customer whose order with the product
 * was delivered (`order_id`, the order that made them a verified buyer). Plain text, never HTML. Waits for
 * moderation (`pending`); an approved one counts in the product's `rating_count`/`rating_sum`; a rejected one
 * keeps the reason its writer is told. `photos` are keys of the file store (`uploads/reviews/…`), at most 3.
 * `author_name` is the name shown ("Ayşe Y."), made when written. A customer's erasure deletes their reviews.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    authorName: text('author_name').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    /** Why it was rejected, as its writer is told. */
    rejectReason: text('reject_reason'),
    moderatedAt: timestampTz('moderated_at'),
    moderatedBy: integer('moderated_by').references(() => staff.id, { onDelete: 'set null' }),
    /** The shop's public answer, shown under the review. */
    answer: text('answer'),
    answeredAt: timestampTz('answered_at'),
    answeredBy: integer('answered_by').references(() => staff.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_product_customer_idx').on(t.productId, t.customerId),
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_status_idx').on(t.status, t.createdAt),
    index('reviews_customer_idx').on(t.customerId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * Every giving and withdrawal of a customer's consent to commercial messages, as İYS (İleti Yönetim Sistemi)
 * records it: the recipient, the channel (`email`; `sms` later), given or withdrawn, when, and how (`source`: an
 * İYS source such as `HS_WEB` for a web form, and `detail`, the form or link in Turkish), with the address it
 * came from. Never updated: the customer's `marketing_consent` is the current state, these rows its proof.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    granted: boolean('granted').notNull(),
    source: text('source').notNull(),
    detail: text('detail').notNull(),
    ip: text('ip'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('marketing_consents_customer_idx').on(t.customerId, t.createdAt),
    check('marketing_consents_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);

/**
 * The abandoned-cart reminder e-mails (issue 44): at most one a cart (`cart_id` unique; the cart is deleted when
 * ordered, then null). `lines` is the cart as reminded, restored on any device through the link's token (its
 * SHA-256 kept). An order of the customer after the reminder records it as recovered, with its total.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    lines: jsonb('lines')
      .$type<Array<{ productId: number; variantId: number | null; quantity: number }>>()
      .notNull(),
    sentAt: timestampTz('sent_at').notNull().defaultNow(),
    restoredAt: timestampTz('restored_at'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    recoveredMinor: money('recovered_minor'),
    recoveredAt: timestampTz('recovered_at'),
  },
  (t) => [
    uniqueIndex('cart_reminders_cart_idx').on(t.cartId),
    uniqueIndex('cart_reminders_token_idx').on(t.tokenHash),
    index('cart_reminders_customer_idx').on(t.customerId, t.sentAt),
    index('cart_reminders_sent_idx').on(t.sentAt),
  ],
);
