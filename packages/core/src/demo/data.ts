/**
 * The demo shop "Vitrin Atölye" is data, in `packages/core/demo-data/`: one JSON file per kind (shop
 * settings and menu, categories, tags, products, coupons, pages, blog), the long HTML of pages and blog
 * posts as `pages/<slug>.html` and `blog/<slug>.html`, and the pictures under `images/` laid out as the
 * uploads folder they are copied into. Each file is checked here against its schema and the references
 * between files (a product's category, a coupon's category, a post's tags, every named picture), so a typo
 * stops the seed with the file and the field named.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { assertSettingKey, parseSetting } from '../settings/service.ts';

/** The data folder, beside `src/` (and beside a compiled `dist/`, at the same depth). */
export const DEMO_DATA_DIR = fileURLToPath(new URL('../../demo-data/', import.meta.url));
export const DEMO_IMAGES_DIR = path.join(DEMO_DATA_DIR, 'images');

const text = z.string().min(1);
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'küçük harf, rakam ve tire olmalı');
const image = z.string().regex(/^[a-z0-9/-]+\.(webp|svg|png|jpg)$/, 'uploads içinde bir görsel yolu olmalı');
const named = z.strictObject({ slug, name: text });

export interface DemoMenuItem {
  title: string;
  url: string;
  children?: DemoMenuItem[];
}
const menuItem: z.ZodType<DemoMenuItem> = z.lazy(() =>
  z.strictObject({ title: text, url: text, children: z.array(menuItem).optional() }),
);

const shopFile = z.strictObject({
  settings: z.record(z.string(), z.union([z.string(), z.number()])),
  menu: z.array(menuItem),
  socialAccounts: z.array(
    z.strictObject({
      platform: z.enum(['instagram', 'facebook', 'x', 'youtube', 'pinterest', 'tiktok', 'linkedin']),
      label: text,
      url: z.url(),
    }),
  ),
});

const categoriesFile = z.array(
  z.strictObject({
    slug,
    name: text,
    description: text,
    /** Slug of the parent category, listed before its children. */
    parent: slug.optional(),
    featured: z.boolean().optional(),
    image,
  }),
);

const price = z.strictObject({
  /** 1 purchase, 2 sale, 3 market (crossed out), 4 instalment, 5 wholesale. */
  type: z.literal([1, 2, 3, 4, 5]),
  /** Minor units (kuruş / cent), VAT-inclusive. */
  amount: z.int().positive(),
  currency: z.enum(['TRY', 'USD', 'EUR']),
});

const product = z.strictObject({
  slug,
  sku: text,
  name: text,
  category: slug,
  /** 1 single, 2 variant, 3 designable, 4 virtual. */
  stockType: z.literal([1, 2, 3, 4]),
  vatRate: z.literal([0, 10, 20]),
  /** Null: unlimited (a virtual product); for a variant product the variants' sum. */
  stock: z.int().nonnegative().nullable(),
  shortDescription: text,
  /** Simple HTML: p, ul/li, strong, h3. */
  description: text,
  prices: z.array(price).min(1),
  tags: z.array(slug),
  specifications: z.array(z.strictObject({ key: text, value: text })),
  optionGroups: z.array(z.strictObject({ name: text, values: z.array(text).min(1) })).optional(),
  variants: z
    .array(
      z.strictObject({
        sku: text,
        options: z.record(z.string(), text),
        stock: z.int().nonnegative(),
        /** Its own prices; without them the product's apply. */
        prices: z.array(price).optional(),
        /** Its own picture; variants of one colour share it. */
        image: image.optional(),
      }),
    )
    .optional(),
  personalization: z
    .strictObject({
      fields: z.array(
        z.strictObject({ key: text, label: text, maxLength: z.int().positive(), required: z.boolean() }),
      ),
      allowImage: z.boolean(),
      surchargeMinor: z.int().nonnegative(),
    })
    .optional(),
  images: z.array(image).min(1),
  /** Created this many days before the seed (for "newest" sorting). */
  daysAgo: z.int().nonnegative(),
});

const couponsFile = z.array(
  z.strictObject({
    code: z.string().regex(/^[A-Z0-9]+$/, 'büyük harf ve rakam olmalı'),
    description: text,
    kind: z.enum(['percent', 'amount']),
    /** Percent, or minor units for an amount. */
    value: z.int().positive(),
    minBasketMinor: z.int().positive().optional(),
    perCustomerLimit: z.int().positive().optional(),
    usageLimit: z.int().positive().optional(),
    /** Only for products of this category (slug). */
    category: slug.optional(),
    /** Days from the seed; negative is in the past. */
    startsInDays: z.int().optional(),
    endsInDays: z.int().optional(),
    isPublic: z.boolean(),
  }),
);

const pagesFile = z.array(
  z.strictObject({
    /** 1 corporate, 2 help, 3 static, 4 blog-type page. */
    type: z.literal([1, 2, 3, 4]),
    slug,
    title: text,
    /** The meta description. */
    summary: text,
    position: z.int().nonnegative(),
  }),
);

const blogFile = z.strictObject({
  categories: z.array(named),
  tags: z.array(named),
  posts: z.array(
    z.strictObject({
      slug,
      title: text,
      excerpt: text,
      author: text,
      category: slug,
      tags: z.array(slug),
      /** Published this many days before the seed. */
      daysAgo: z.int().nonnegative(),
      cover: image,
    }),
  ),
});

export type DemoProduct = z.infer<typeof product>;
export type DemoPrice = z.infer<typeof price>;
export type DemoTag = z.infer<typeof named>;

export interface DemoData {
  shop: z.infer<typeof shopFile>;
  categories: z.infer<typeof categoriesFile>;
  tags: DemoTag[];
  products: DemoProduct[];
  coupons: z.infer<typeof couponsFile>;
  pages: (z.infer<typeof pagesFile>[number] & { body: string })[];
  blog: Omit<z.infer<typeof blogFile>, 'posts'> & {
    posts: (z.infer<typeof blogFile>['posts'][number] & { body: string })[];
  };
}

/** For data that does not fit its schema or names what is not there; every problem on its line. */
const demoDataError = (problems: string[]) =>
  new DomainError(
    500,
    'DEMO_VERISI_HATALI',
    `Demo verisi hatalı:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    undefined,
    {
      details: { problems },
    },
  );

const where = (file: string, at: readonly PropertyKey[]) =>
  `${file}${at.length ? ` › ${at.map(String).join('.')}` : ''}`;

/** `raw` (a file's text) parsed as JSON and checked against `schema`; `file` names it in the errors. */
export function parseDemoFile<T>(file: string, schema: z.ZodType<T>, raw: string): T {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw demoDataError([`${file}: JSON değil (${err instanceof Error ? err.message : String(err)})`]);
  }
  const result = schema.safeParse(json);
  if (!result.success)
    throw demoDataError(result.error.issues.map((i) => `${where(file, i.path)}: ${i.message}`));
  return result.data;
}

/** Problems of references between the files: each names the file and field that refers to nothing. */
export function demoDataProblems(data: DemoData, imagesDir = DEMO_IMAGES_DIR): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, file: string, at: PropertyKey[], message: string) => {
    if (!ok) problems.push(`${where(file, at)}: ${message}`);
  };
  /** One name (at `at`) or a list of names (at `at`.0, `at`.1 …); none when undefined. */
  const each = (at: PropertyKey[], names?: string | string[]): [PropertyKey[], string][] =>
    typeof names === 'string' ? [[at, names]] : (names ?? []).map((n, i) => [[...at, i], n]);
  const known = (
    set: Set<string>,
    what: string,
    file: string,
    at: PropertyKey[],
    names?: string | string[],
  ) => {
    for (const [to, name] of each(at, names)) check(set.has(name), file, to, `${what} yok: "${name}"`);
  };
  const unique = <T>(file: string, list: T[], key: keyof T & string, at: PropertyKey[] = []) => {
    const keys = list.map((item) => item[key]);
    for (const [i, k] of keys.entries())
      check(keys.indexOf(k) === i, file, [...at, i, key], `"${String(k)}" iki kez var`);
  };
  const images = (file: string, at: PropertyKey[], names?: string | string[]) => {
    for (const [to, name] of each(at, names))
      check(existsSync(path.join(imagesDir, name)), file, to, `görsel yok: images/${name}`);
  };

  for (const [key, value] of Object.entries(data.shop.settings)) {
    try {
      assertSettingKey(key);
      parseSetting(key, String(value));
    } catch (err) {
      check(false, 'shop.json', ['settings', key], err instanceof Error ? err.message : String(err));
    }
  }
  const hero = data.shop.settings.hero_image;
  if (typeof hero === 'string') images('shop.json', ['settings', 'hero_image'], hero);

  const categories = new Set<string>();
  for (const [i, c] of data.categories.entries()) {
    known(categories, 'üst kategori (daha önce)', 'categories.json', [i, 'parent'], c.parent);
    categories.add(c.slug);
    images('categories.json', [i, 'image'], c.image);
  }
  unique('categories.json', data.categories, 'slug');
  unique('tags.json', data.tags, 'slug');
  const tags = new Set(data.tags.map((t) => t.slug));

  unique('products.json', data.products, 'slug');
  unique('products.json', data.products, 'sku');
  for (const [i, p] of data.products.entries()) {
    known(categories, 'kategori', 'products.json', [i, 'category'], p.category);
    known(tags, 'etiket', 'products.json', [i, 'tags'], p.tags);
    images('products.json', [i, 'images'], p.images);
    for (const [j, v] of (p.variants ?? []).entries()) {
      images('products.json', [i, 'variants', j, 'image'], v.image);
      // The panel's variant image picker offers the product's images only.
      known(
        new Set(p.images),
        'ürünün görsellerinde görsel',
        'products.json',
        [i, 'variants', j, 'image'],
        v.image,
      );
      for (const [group, value] of Object.entries(v.options)) {
        const values = new Set(p.optionGroups?.find((g) => g.name === group)?.values);
        known(values, 'seçenek', 'products.json', [i, 'variants', j, 'options', group], value);
      }
    }
  }

  for (const [i, c] of data.coupons.entries())
    known(categories, 'kategori', 'coupons.json', [i, 'category'], c.category);
  unique('coupons.json', data.coupons, 'code');
  unique('pages.json', data.pages, 'slug');

  const blogCategories = new Set(data.blog.categories.map((c) => c.slug));
  const blogTags = new Set(data.blog.tags.map((t) => t.slug));
  for (const [i, p] of data.blog.posts.entries()) {
    known(blogCategories, 'kategori', 'blog.json', ['posts', i, 'category'], p.category);
    known(blogTags, 'etiket', 'blog.json', ['posts', i, 'tags'], p.tags);
    images('blog.json', ['posts', i, 'cover'], p.cover);
  }
  unique('blog.json', data.blog.posts, 'slug', ['posts']);
  return problems;
}

/** Reads and checks every file of the demo data; throws DEMO_VERISI_HATALI naming each problem. */
export async function readDemoData(dir = DEMO_DATA_DIR): Promise<DemoData> {
  const read = async <T>(file: string, schema: z.ZodType<T>) =>
    parseDemoFile(file, schema, await readFile(path.join(dir, file), 'utf8'));
  // An HTML body: the file's text without the line break an editor ends it with.
  const html = async (file: string) => {
    try {
      return (await readFile(path.join(dir, file), 'utf8')).trimEnd();
    } catch {
      throw demoDataError([`${file}: dosya yok`]);
    }
  };
  const [shop, categories, tags, products, coupons, pages, blog] = await Promise.all([
    read('shop.json', shopFile),
    read('categories.json', categoriesFile),
    read('tags.json', z.array(named)),
    read('products.json', z.array(product)),
    read('coupons.json', couponsFile),
    read('pages.json', pagesFile),
    read('blog.json', blogFile),
  ]);
  const data: DemoData = {
    shop,
    categories,
    tags,
    products,
    coupons,
    pages: await Promise.all(pages.map(async (p) => ({ ...p, body: await html(`pages/${p.slug}.html`) }))),
    blog: {
      ...blog,
      posts: await Promise.all(
        blog.posts.map(async (p) => ({ ...p, body: await html(`blog/${p.slug}.html`) })),
      ),
    },
  };
  const problems = demoDataProblems(data, path.join(dir, 'images'));
  if (problems.length) throw demoDataError(problems);
  return data;
}
