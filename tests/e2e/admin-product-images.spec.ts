import { expect, test } from '@playwright/test';
import { dropFiles, picture, tilePaths } from './images.ts';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, open, shots } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();

test.describe('product images in the panel', () => {
  test('a manager drops three images, reorders them, writes alt text and saves; the product page shows them so', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('manager', 'Görsel Yöneticisi'));
    const categories = (
      (await (await context.request.get('/api/admin/categories')).json()) as {
        items: { id: number; isActive: boolean }[];
      }
    ).items;
    const created = await context.request.post('/api/admin/products', {
      headers: { origin: `http://localhost:${E2E_PORT}` },
      data: {
        name: `Görselli Kupa ${stamp}`,
        sku: `GK-${stamp}`,
        stockType: 1,
        categoryId: categories.find((c) => c.isActive)!.id,
        vatRate: 20,
        prices: [{ priceType: 2, price: '199,90' }],
        stock: 5,
      },
    });
    expect(created.status()).toBe(201);
    const { product } = (await created.json()) as { product: { id: number; slug: string; name: string } };

    const page = await context.newPage();
    await page.goto(`/admin/urunler/${product.id}`);
    const section = page.getByRole('region', { name: 'Görseller' });
    await expect(section).toBeVisible();

    // Three at once; a text file named .png among them is refused by its content and named.
    await dropFiles(page, [
      { name: 'kirmizi.png', bytes: await picture('A', '#b3261e') },
      { name: 'yesil.png', bytes: await picture('B', '#2e7d32') },
      { name: 'mavi.png', bytes: await picture('C', '#1565c0') },
    ]);
    await expect(page.getByTestId('product-image')).toHaveCount(3, { timeout: 30_000 });
    await page
      .getByLabel('Görsel seçin')
      .setInputFiles({ name: 'sahte.png', mimeType: 'image/png', buffer: Buffer.from('bir görsel değil') });
    await expect(section.getByRole('alert')).toContainText('"sahte.png" bir görsel değil');
    await expect(page.getByTestId('product-image')).toHaveCount(3);
    const [a, b, c] = await tilePaths(page);

    // C made the main image with its button, then A moved right by its button: C, B, A.
    await section.getByRole('button', { name: 'Ana görsel yap: görsel 3' }).click();
    expect(await tilePaths(page)).toEqual([c, a, b]);
    await section.getByRole('button', { name: 'Sağa taşı: görsel 2' }).click();
    expect(await tilePaths(page)).toEqual([c, b, a]);
    await expect(section.getByRole('button', { name: 'Sola taşı: görsel 1' })).toBeDisabled();

    // Dragged: A's handle onto B's tile: C, A, B.
    const handle = section.getByRole('button', { name: 'Sürükleyerek taşı: görsel 3' });
    const target = page.getByTestId('product-image').nth(1);
    // The tiles stand in one row on a wide screen: both on screen once one is.
    await target.scrollIntoViewIfNeeded();
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 20, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 3, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => tilePaths(page)).toEqual([c, a, b]);

    await section.getByLabel('Açıklama (alt metin), görsel 1').fill('Mavi kupa, önden');
    await section.getByLabel('Açıklama (alt metin), görsel 3').fill('Yeşil kupa, yandan');
    await expect(section.getByLabel('Açıklama (alt metin), görsel 1')).toHaveValue('Mavi kupa, önden');
    await expect(section.getByLabel('Açıklama (alt metin), görsel 3')).toHaveValue('Yeşil kupa, yandan');
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    await shots(page, 'admin-product-images');

    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('Ürün kaydedildi.')).toBeVisible();
    // Stored as the form showed it: the order and both alt texts.
    const saved = (await (await context.request.get(`/api/admin/products/${product.id}`)).json()) as {
      product: { images: string[]; imageAlts: Record<string, string> };
    };
    expect(saved.product.images).toEqual([c, a, b]);
    expect(saved.product.imageAlts).toEqual({ [c!]: 'Mavi kupa, önden', [b!]: 'Yeşil kupa, yandan' });

    // The storefront: the images in that order, the main one with its alt text; B has none, so the name.
    const shop = await browser.newPage();
    await open(shop, `/product/${product.slug}`);
    const main = shop.getByTestId('product-main-image');
    await expect(main).toHaveAttribute('alt', 'Mavi kupa, önden');
    await expect(main).toHaveAttribute('src', new RegExp(c!.replace(/[.]/g, '\\.')));
    const gallery = shop.getByRole('region', { name: 'Ürün görselleri' });
    const thumbs = await gallery
      .locator('ul img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src') ?? ''));
    expect(thumbs.map((src) => [c, a, b].findIndex((p) => src.includes(p!)))).toEqual([0, 1, 2]);
    await gallery.getByRole('button', { name: '2. görseli göster' }).click();
    await expect(main).toHaveAttribute('alt', product.name);
    await gallery.getByRole('button', { name: '3. görseli göster' }).click();
    await expect(main).toHaveAttribute('alt', 'Yeşil kupa, yandan');
    await shop.close();
    await context.close();
  });
});
