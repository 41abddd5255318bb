import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, open, shots } from './support.ts';

/** Waits until the cover pictures (drawn in the background at first start) are there. */
async function coversReady(page: Page) {
  await expect
    .poll(async () => (await page.request.get('/uploads/blog/atolyede-bir-gun.webp')).status(), {
      timeout: 60_000,
    })
    .toBe(200);
}

test.describe('blog', () => {
  test('a reader opens a post from the grid and reads it', async ({ page }) => {
    await coversReady(page);
    await open(page, '/blog-grid');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    // A post of the demo blog (posts written by the panel's specs may stand first, without related posts).
    const card = page.getByTestId('blog-card').filter({ hasText: 'Çamurdan kupaya' }).first();
    const title = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/blog-details\/\d+$/);
    const post = page.getByTestId('blog-post');
    await expect(post.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(post).toContainText(/\d+ dk okuma/);
    await expect(post.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Facebook ile paylaş/ })).toHaveAttribute(
      'href',
      /facebook\.com\/sharer/,
    );
    await expect(page.getByRole('heading', { name: 'İlgili yazılar' })).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld['@type']).toBe('Article');
    expect(ld.headline).toBe(title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog-details\/\d+$/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  });

  test('a reader filters the blog by a category', async ({ page }) => {
    await open(page, '/blog');
    await page.getByRole('complementary').getByRole('link', { name: /^Deri/ }).click();
    await expect(page).toHaveURL(/\/blog\?kategori=deri$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog: Deri' })).toBeVisible();
    const cards = page.getByTestId('blog-card');
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) await expect(card).toContainText('Deri');
  });

  test('the listing is paginated with numbered pages', async ({ page }) => {
    await open(page, '/blog-list');
    await expect(page.getByTestId('blog-card')).toHaveCount(6);
    await page.getByRole('link', { name: 'Sayfa 2' }).click();
    await expect(page).toHaveURL(/\/blog-list\?page=2$/);
    await expect(page.getByTestId('blog-card')).toHaveCount(6);
  });

  test('the newest post pages point to the post as canonical', async ({ page }) => {
    for (const url of ['/blog-details', '/blog-details-2']) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog-details\/\d+$/);
    }
    await expect(page.getByRole('heading', { name: 'Son yazılar' })).toBeVisible();
  });

  test('a post id that is not a number fails route validation; an unknown one is not found', async ({
    page,
  }) => {
    const bad = await page.goto('/blog-details/abc');
    expect(bad?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(
      '/blog-details/abc adresinde bir sayfa yok; taşınmış ya da kaldırılmış olabilir.',
    );
    const unknown = await page.goto('/blog-details/99999');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(
      '/blog-details/99999 adresinde bir sayfa yok; taşınmış ya da kaldırılmış olabilir.',
    );
  });

  test('the home page shows the three newest posts', async ({ page }) => {
    await open(page, '/');
    const section = page.getByTestId('home-blog');
    await expect(section.getByRole('heading', { name: 'Blogdan' })).toBeVisible();
    await expect(section.getByTestId('blog-card')).toHaveCount(3);
  });

  test('blog pages have no axe violations (desktop and phone screenshots)', async ({ page }) => {
    // Seven pages, each checked and photographed twice full length: slow on a busy machine.
    test.setTimeout(240_000);
    await coversReady(page);
    const id = (await (await page.request.get('/api/front/blog')).json()).items[1].id as number;
    const pages: Array<[string, string]> = [
      ['/blog', 'blog'],
      ['/blog-grid', 'blog-grid'],
      ['/blog-list', 'blog-list'],
      [`/blog-details/${id}`, 'blog-details-id'],
      ['/blog-details', 'blog-details'],
      ['/blog-details-2', 'blog-details-2'],
      ['/blog-grid?etiket=el-yapimi', 'blog-grid-tag'],
    ];
    for (const [url, name] of pages) {
      await open(page, url);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      await shots(page, name);
    }
  });
});
