import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_DATA_DIR, DEMO_IMAGES_DIR, type DemoData, readDemoData } from './data.ts';

/** Every picture the demo data names, as a path inside the uploads folder. */
function namedImages(data: DemoData): string[] {
  const hero = data.shop.settings.hero_image;
  return [
    ...(typeof hero === 'string' ? [hero] : []),
    ...data.categories.map((c) => c.image),
    ...data.products.flatMap((p) => [...p.images, ...(p.variants ?? []).flatMap((v) => v.image ?? [])]),
    ...data.blog.posts.map((p) => p.cover),
  ];
}

describe('demo data', () => {
  let copy: string | undefined;
  afterEach(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
    copy = undefined;
  });

  /** A copy of the data folder with `file` changed by `edit` (the pictures are the real ones). */
  const broken = (file: string, edit: (json: unknown) => void) => {
    copy = mkdtempSync(path.join(os.tmpdir(), 'vitrin-demo-data-'));
    cpSync(DEMO_DATA_DIR, copy, { recursive: true, filter: (src) => src !== DEMO_IMAGES_DIR });
    symlinkSync(DEMO_IMAGES_DIR, path.join(copy, 'images'));
    const json = JSON.parse(readFileSync(path.join(copy, file), 'utf8'));
    edit(json);
    writeFileSync(path.join(copy, file), JSON.stringify(json));
    return readDemoData(copy);
  };

  it('has every picture it names, and no picture it does not name', async () => {
    const data = await readDemoData();
    const named = new Set(namedImages(data));
    const files = readdirSync(DEMO_IMAGES_DIR, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(DEMO_IMAGES_DIR, path.join(e.parentPath, e.name)));
    expect(files.length).toBeGreaterThan(400);
    expect(new Set(files)).toEqual(named);
  });

  it('names the file and the field of a value of the wrong type', async () => {
    await expect(
      broken('products.json', (list) => {
        (list as { prices: { amount: unknown }[] }[])[3]!.prices[0]!.amount = '549,90';
      }),
    ).rejects.toThrow(/products\.json › 3\.prices\.0\.amount: /);
  });

  it('names a misspelt field', async () => {
    await expect(
      broken('coupons.json', (list) => {
        (list as Record<string, unknown>[])[1]!.minBasket = 1000;
      }),
    ).rejects.toThrow(/coupons\.json › 1: .*minBasket/);
  });

  it('names a reference to a category that is not there', async () => {
    await expect(
      broken('products.json', (list) => {
        (list as { category: string }[])[0]!.category = 'kupa';
      }),
    ).rejects.toThrow(/products\.json › 0\.category: kategori yok: "kupa"/);
  });

  it('names a picture that is not there', async () => {
    await expect(
      broken('blog.json', (blog) => {
        (blog as { posts: { cover: string }[] }).posts[2]!.cover = 'blog/yok.webp';
      }),
    ).rejects.toThrow(/blog\.json › posts\.2\.cover: görsel yok: images\/blog\/yok\.webp/);
  });

  it('names a variant picture the product does not list among its images', async () => {
    type Product = { images: string[]; variants?: { image?: string }[] };
    const list: Product[] = JSON.parse(readFileSync(path.join(DEMO_DATA_DIR, 'products.json'), 'utf8'));
    const i = list.findIndex((p) => p.variants?.some((v) => v.image));
    const j = list[i]!.variants!.findIndex((v) => v.image);
    const name = list[i]!.variants![j]!.image!;
    await expect(
      broken('products.json', (json) => {
        const product = (json as Product[])[i]!;
        product.images = product.images.filter((image) => image !== name);
      }),
    ).rejects.toThrow(`products.json › ${i}.variants.${j}.image: ürünün görsellerinde görsel yok: "${name}"`);
  });

  it('names a setting the shop does not know', async () => {
    await expect(
      broken('shop.json', (shop) => {
        (shop as { settings: Record<string, unknown> }).settings.brand = 'Vitrin';
      }),
    ).rejects.toThrow(/shop\.json › settings\.brand: Bilinmeyen ayar "brand"/);
  });
});
