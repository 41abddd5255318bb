import { expect, test } from '@playwright/test';
import { listedProducts } from './support.ts';

/**
 * The whole route table of the specification (section 2) with the demo shop: every route answers with its
 * page and the right status. Pages of their own are tested in depth by their journeys; here each one only
 * has to be a real page (a heading, not the error screen) for a guest.
 */

test.describe('every route of the specification', () => {
  test('public routes answer 200 with their page', async ({ page, request }) => {
    const products = await listedProducts(request);
    const product = products.find((p) => p.stockType === 1)!;
    const posts = (await (await request.get('/api/front/blog')).json()) as { items: Array<{ id: number }> };
    const routes: Array<[path: string, heading: RegExp]> = [
      ['/', /.+/],
      ['/about', /.+/],
      ['/blog', /Blog/],
      ['/blog-grid', /Blog/],
      ['/blog-list', /Blog/],
      ['/blog-details', /.+/],
      ['/blog-details-2', /.+/],
      [`/blog-details/${posts.items[0]!.id}`, /.+/],
      ['/cart', /Sepet/],
      ['/checkout', /.+/],
      ['/compare', /Karşılaştır/],
      ['/contact', /İletişim/],
      ['/content/kvkk-aydinlatma-metni', /KVKK|Aydınlatma/i],
      ['/coupons', /Kupon/],
      ['/forgot', /Şifre/],
      ['/login', /Giriş/],
      ['/register', /Kayıt|Hesap/],
      [`/product/${product.slug}`, new RegExp(product.name.slice(0, 10).replace(/[()]/g, '.'))],
      ['/search?q=kupa', /kupa/i],
      ['/search', /.+/],
      ['/shop/seramik', /Seramik/],
      ['/tags/el-yapimi', /El Yapımı/],
      ['/wishlist', /Favori/],
    ];
    for (const [path, heading] of routes) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await page.title(), path).not.toBe('Error Page');
      await expect(page.locator('h1').first(), path).toHaveText(heading);
    }
  });

  test('guarded routes send a guest to /login with the way back', async ({ page }) => {
    for (const path of [
      '/panel',
      '/profile',
      '/panel/address',
      '/panel/information',
      '/panel/orders',
      '/panel/support',
      '/user-checkout',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(page.url()).pathname, path).toBe('/login');
      expect(new URL(page.url()).searchParams.get('returnTo'), path).toBe(path);
    }
  });

  test('payment and success pages without an order say so in Turkish, not the error screen', async ({
    page,
  }) => {
    for (const path of ['/secure-pay', '/order-success']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      expect(await page.title(), path).not.toBe('Error Page');
      await expect(page.getByText(/sipariş/i).first(), path).toBeVisible();
    }
  });

  test('/404, unknown paths and invalid ids show the error screen with status 404', async ({ page }) => {
    const cases: Array<[path: string, message: string]> = [
      '/404',
      '/boyle-bir-sayfa-yok',
      '/shop/boyle-bir-kategori-yok',
      '/blog-details/abc',
      '/blog-details/999999',
    ].map((path): [string, string] => [
      path,
      `${path} adresinde bir sayfa yok; taşınmış ya da kaldırılmış olabilir.`,
    ]);
    for (const [path, message] of cases) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.title(), path).toBe('Error Page');
      await expect(page.getByText('Sayfa Bulunamadı'), path).toBeVisible();
      await expect(page.getByText(message, { exact: true }), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'Anasayfa' }).last(), path).toHaveAttribute('href', '/');
    }
  });
});
