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
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_search_vector_idx').using('gin', t.searchVector),
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
