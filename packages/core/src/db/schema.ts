import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
    stockType: smallint('stock_type').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    images: jsonb('images').$type<string[]>().notNull().default([]),
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
    ...timestamps,
  },
  (t) => [
    check('products_stock_type_check', sql`${t.stockType} between 1 and 4`),
    check('products_vat_rate_check', sql`${t.vatRate} in (0, 10, 20)`),
    check('products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    index('products_category_idx').on(t.categoryId),
    index('products_name_sort_idx').on(t.nameSort),
    index('products_created_idx').on(t.createdAt),
  ],
);

/** Variants of a stock-type-2 product; `options` names one value per option group, e.g. `{ Renk: 'Mavi' }`. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
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

// ---------------------------------------------------------------------------------------------------------
// Customer accounts

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

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
    /** Wrong passwords in a row since the last success or lock; see the lock rule in `customers/service.ts`. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestampTz('locked_until'),
    deletedAt: timestampTz('deleted_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('customers_email_idx').on(t.email)],
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
