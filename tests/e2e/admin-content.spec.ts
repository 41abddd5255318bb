import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, open, shots } from './support.ts';

const stamp = Date.now().toString(36);
const demoImage = path.resolve(
  import.meta.dirname,
  '../../packages/core/demo-data/images/blog/atolyede-bir-gun.webp',
);
const origin = `http://localhost:${E2E_PORT}`;

/** Any alert, confirm or prompt is a script that ran: the test fails. */
function failOnDialog(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.type()} ${dialog.message()}`);
  });
}

/** Pastes HTML into the focused editor as a browser does when one copies from another page. */
async function pasteHtml(page: Page, html: string) {
  await page.getByRole('textbox', { name: 'İçerik' }).evaluate((editor, pasted) => {
    const data = new DataTransfer();
    data.setData('text/html', pasted);
    data.setData('text/plain', pasted.replace(/<[^>]*>/g, ''));
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}

test.describe('content and blog in the panel', () => {
  test('a manager writes and publishes a post with a script and an onerror in it: the storefront runs neither', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('manager', 'Blog Yöneticisi'));
    const page = await context.newPage();
    failOnDialog(page);
    await page.goto('/admin/blog/yeni');
    await expect(page.getByRole('heading', { level: 1, name: 'Yeni blog yazısı' })).toBeVisible();

    const title = `Sırlı Çini Rehberi ${stamp}`;
    await page.getByLabel('Başlık', { exact: true }).fill(title);
    // A new post is the signed-in member's until another author is typed.
    await expect(page.getByLabel('Yazar')).toHaveValue('Blog Yöneticisi');
    await page.getByLabel('Yazar').fill('Ayşe Usta');
    await page.getByLabel('Özet').fill('Fırça, sır ve fırın üzerine.');
    await page.getByLabel('Etiketler').fill('çini, el işi');
    const editor = page.getByRole('textbox', { name: 'İçerik' });
    await editor.click();
    await page.getByRole('button', { name: 'Başlık 2' }).click();
    // A toolbar click leaves the focus (and the selection) in the text: typing goes on at once.
    await expect(editor).toBeFocused();
    await page.keyboard.type('Fırçayı seçmek');
    await page.keyboard.press('Enter');
    await page.keyboard.type('İnce uçlu samur fırça çizgiyi temiz tutar.');
    // The toolbar works from the keyboard too: İtalik focused and pressed with Space, the text goes on in italics.
    await page.keyboard.press('Enter');
    const italic = page.getByRole('button', { name: 'İtalik' });
    await italic.focus();
    await page.keyboard.press('Space');
    await expect(italic).toHaveAttribute('aria-pressed', 'true');
    await expect(editor).toBeFocused();
    await page.keyboard.type('Sır ince sürülür.');
    await expect(editor.locator('em')).toHaveText('Sır ince sürülür.');
    await pasteHtml(
      page,
      '<p>Yapıştırılan metin</p><script>alert(1)</script><img src=x onerror=alert(1)><p onclick="alert(2)">tıklanır</p>',
    );
    await expect(editor).toContainText('Yapıştırılan metin');

    // A link with a bad address is refused in Turkish; one typed without https:// gets it.
    const badLink = page.getByText(
      'Geçerli bir web adresi (ör. https://www.ornek.com.tr) ya da sitenin bir yolu',
    );
    await page.getByRole('button', { name: 'Bağlantı' }).click();
    await page.getByLabel('Bağlantı adresi').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await expect(badLink).toBeVisible();
    await page.getByLabel('Bağlantı adresi').fill('example.com/cini');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await expect(badLink).toBeHidden();
    await expect(editor.getByRole('link', { name: 'https://example.com/cini' })).toBeVisible();

    // Images: a file that is no image is refused in Turkish; a real one goes in the body and as the cover.
    // The cover is picked as product images are: our Turkish button, no browser-language file input in sight.
    const coverGroup = page.getByRole('group', { name: 'Kapak görseli' });
    // (each file input is hidden inside its Turkish button, so the browser never shows its own "Choose file").
    await expect(page.locator('input[type=file]:not(.sr-only)')).toHaveCount(0);
    await expect(coverGroup.locator('label:has(input[type=file])')).toHaveText('Görsel seçin');
    await expect(coverGroup.getByRole('textbox')).toHaveCount(0);
    await coverGroup.getByLabel('Görsel seçin').setInputFiles({
      name: 'sahte.png',
      mimeType: 'image/png',
      buffer: Buffer.from('bir görsel değil'),
    });
    await expect(coverGroup.getByRole('alert').filter({ hasText: 'sahte.png' })).toBeVisible();
    await expect(page.getByTestId('cover-image')).toHaveCount(0);
    await coverGroup.getByLabel('Görsel seçin').setInputFiles(demoImage);
    await expect(page.getByTestId('cover-image')).toHaveAttribute('data-path', /^posts\/[\w-]+\.webp$/);
    await expect(coverGroup.getByRole('img', { name: 'Seçili kapak görseli' })).toBeVisible();
    await page.getByRole('button', { name: 'Görsel ekle' }).click();
    await page
      .getByRole('group', { name: 'Görsel adresi (https:// ya da /uploads/…)' })
      .getByLabel('Görsel seçin')
      .setInputFiles(demoImage);
    await expect(page.getByLabel('Görsel adresi (https:// ya da /uploads/…)')).toHaveValue(
      /^\/uploads\/posts\//,
    );
    await page.getByLabel('Görselin açıklaması (alt metin)').fill('Fırın önünde çiniler');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await expect(editor.getByRole('img', { name: 'Fırın önünde çiniler' })).toBeVisible();

    await page.getByLabel('Yayımla (işaretsizse taslak kalır, mağazada görünmez)').check();
    await expectNoAxeViolations(page);
    await shots(page, 'admin-blog-editor');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('Yazı kaydedildi: Yayında.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/blog\/\d+$/);
    const id = Number(page.url().split('/').pop());

    // The same payloads sent straight to the API, past the editor, are stored without them.
    const raw = await context.request.post('/api/admin/blog/posts', {
      headers: { origin },
      data: {
        title: `Ham HTML ${stamp}`,
        author: 'Saldırgan',
        isPublished: true,
        body: '<p>Ham gövde</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="JaVaScRiPt:alert(3)">bağ</a>',
      },
    });
    expect(raw.status()).toBe(201);
    const rawPost = (await raw.json()).post as { id: number; body: string };
    expect(rawPost.body).not.toMatch(/script|onerror|javascript/i);

    const shopper = await (await browser.newContext()).newPage();
    failOnDialog(shopper);
    for (const postId of [id, rawPost.id]) {
      await open(shopper, `/blog-details/${postId}`);
      await expect(
        shopper.getByTestId('blog-post').getByText(postId === id ? 'İnce uçlu samur fırça' : 'Ham gövde'),
      ).toBeVisible();
      // The post's body as shown: no script, nothing that runs (the page's own JSON-LD script is elsewhere).
      const body = shopper.getByTestId('blog-post').locator('.prose-vitrin');
      expect(await body.locator('script, svg, iframe').count()).toBe(0);
      expect(await body.innerHTML()).not.toMatch(/script|onerror|onclick|javascript/i);
      expect(await shopper.locator('[onerror], [onclick]').count()).toBe(0);
      expect(await shopper.content()).not.toMatch(/alert\(/);
    }
    // The raw post has no cover: its page and its card show no grey placeholder in its place.
    expect(await shopper.getByTestId('blog-post').locator('img').count()).toBe(0);
    await open(shopper, '/blog');
    const rawCard = shopper.getByTestId('blog-card').filter({ hasText: `Ham HTML ${stamp}` });
    await expect(rawCard).toBeVisible();
    expect(await rawCard.locator('img').count()).toBe(0);
    await expect(shopper.getByTestId('blog-card').filter({ hasText: title }).locator('img')).toHaveCount(1);
    await expect(shopper.getByRole('heading', { name: 'Fırçayı seçmek' })).toHaveCount(0); // other post open
    await open(shopper, `/blog-details/${id}`);
    await expect(shopper.getByRole('heading', { name: 'Fırçayı seçmek' })).toBeVisible();
    await expect(
      shopper.getByTestId('blog-post').getByRole('img', { name: 'Fırın önünde çiniler' }),
    ).toBeVisible();
    await expect(
      shopper.getByRole('link', { name: 'İnce uçlu samur fırça çizgiyi temiz tutar.' }),
    ).toHaveCount(0);
    await expectNoAxeViolations(shopper);

    await page.goto('/admin/blog');
    await expect(page.getByRole('table', { name: 'Blog yazıları' }).getByText(title)).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'admin-blog-list');
    await context.close();
  });

  test('a post is scheduled with a Turkish day and a 24-hour time in Turkey, whatever the browser zone, and shows them back', async ({
    browser,
  }) => {
    // A browser in New York: the fields still mean Turkey's time (UTC+3).
    const context = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
    await logInStaff(context, createStaff('manager', 'Zamanlayan Yönetici'));
    const title = `Zamanlı Yazı ${stamp}`;
    const res = await context.request.post('/api/admin/blog/posts', {
      headers: { origin },
      data: { title, author: 'Ayşe Usta', isPublished: false, body: '<p>Sonra yayımlanacak.</p>' },
    });
    expect(res.status()).toBe(201);
    const post = (await res.json()).post as { id: number };

    const page = await context.newPage();
    await page.goto(`/admin/blog/${post.id}`);
    const when = page.getByRole('group', { name: 'Yayın zamanı (Türkiye saati)' });
    const day = when.getByRole('textbox', { name: 'Yayın günü' });
    const time = when.getByRole('textbox', { name: 'Yayın saati' });
    // The body's editor is ready before the form is touched.
    await expect(page.getByRole('textbox', { name: 'İçerik' })).toContainText('Sonra yayımlanacak.');
    await expect(day).toHaveAttribute('type', 'text');
    await page.getByLabel('Yayımla (işaretsizse taslak kalır, mağazada görünmez)').check();
    await day.fill('15062027');
    await expect(day).toHaveValue('15.06.2027');
    await time.fill('25:00');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(when.getByText('Saat 00:00 ile 23:59 arasında olmalı')).toBeVisible();
    await expect(time).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await shots(page, 'admin-blog-publish-time');

    await time.fill('2115');
    await expect(time).toHaveValue('21:15');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(
      page.getByText('Yazı kaydedildi: Zamanlanmış (15 Haziran 2027 21:15 tarihinde yayımlanacak).'),
    ).toBeVisible();

    await page.reload();
    await expect(day).toHaveValue('15.06.2027');
    await expect(time).toHaveValue('21:15');
    const listed = await context.request.get(`/api/admin/blog/posts?status=scheduled`);
    const scheduled = ((await listed.json()).items as { id: number; publishedAt: string }[]).find(
      (p) => p.id === post.id,
    );
    expect(scheduled?.publishedAt).toBe('2027-06-15T18:15:00.000Z');
    await context.close();
  });

  test('a manager adds a blog category, gives a post that category, and the storefront blog shows it at once', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('manager', 'Kategori Yöneticisi'));
    const title = `Kategorili Yazı ${stamp}`;
    const res = await context.request.post('/api/admin/blog/posts', {
      headers: { origin },
      data: { title, author: 'Ayşe Usta', isPublished: true, body: '<p>Fırın notları.</p>' },
    });
    expect(res.status()).toBe(201);
    const post = (await res.json()).post as { id: number };
    const shopper = await browser.newPage();
    await open(shopper, `/blog-details/${post.id}`); // cached from here on

    const page = await context.newPage();
    await page.goto('/admin/blog');
    await page.getByRole('navigation', { name: 'Blog' }).getByRole('link', { name: 'Kategoriler' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blog kategorileri' })).toBeVisible();
    const category = `Fırın Günlüğü ${stamp}`;
    await page.getByRole('button', { name: 'Kategori ekle' }).click();
    await page.getByLabel('Kategori adı').fill(category);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const row = page
      .getByRole('list', { name: 'Blog kategorileri' })
      .getByRole('listitem')
      .filter({ hasText: category });
    await expect(row.getByText('0 yazı')).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'admin-blog-categories');

    await page.goto(`/admin/blog/${post.id}`);
    await page.getByLabel('Kategori', { exact: true }).selectOption({ label: category });
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('Yazı kaydedildi: Yayında.')).toBeVisible();

    await open(shopper, `/blog-details/${post.id}`);
    await expect(shopper.getByTestId('blog-post').getByText(category)).toBeVisible();
    await page.goto('/admin/blog/kategoriler');
    await expect(row.getByText('1 yazı')).toBeVisible();
    await context.close();
  });

  test('a scheduled post is absent from the blog and its feed until its time, then there by itself', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('manager', 'Zamanlayan Yönetici'));
    const title = `Zamanlanmış Yazı ${stamp}`;
    const at = new Date(Date.now() + 20_000).toISOString();
    const res = await context.request.post('/api/admin/blog/posts', {
      headers: { origin },
      data: { title, author: 'Ayşe Usta', isPublished: true, publishedAt: at, body: '<p>Vakti gelince.</p>' },
    });
    expect(res.status()).toBe(201);
    const post = (await res.json()).post as { id: number; status: string };
    expect(post.status).toBe('scheduled');

    const shopper = await browser.newPage();
    await open(shopper, '/blog-grid'); // the listing is cached from here on
    await expect(shopper.getByText(title)).toHaveCount(0);
    expect(await (await shopper.request.get('/blog/rss.xml')).text()).not.toContain(title);
    expect((await shopper.request.get(`/blog-details/${post.id}`)).status()).toBe(404);

    const page = await context.newPage();
    await page.goto('/admin/blog');
    const row = page
      .getByRole('table', { name: 'Blog yazıları' })
      .getByRole('row')
      .filter({ hasText: title });
    await expect(row.getByText('Zamanlanmış', { exact: true })).toBeVisible();

    await expect
      .poll(async () => (await shopper.request.get('/blog/rss.xml')).text(), {
        timeout: 60_000,
        intervals: [2_000],
      })
      .toContain(title);
    await open(shopper, '/blog-grid');
    await expect(shopper.getByText(title)).toBeVisible();
    await context.close();
  });

  test('a manager writes a help page that the storefront shows at once; support sees no content screens', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('manager', 'Sayfa Yöneticisi'));
    const page = await context.newPage();
    failOnDialog(page);
    await page.goto('/admin/sayfalar/yeni');
    await page.getByLabel('Başlık', { exact: true }).fill(`İade Koşulları ${stamp}`);
    await page.getByLabel('Sayfa türü').selectOption('2');
    await page.getByRole('textbox', { name: 'İçerik' }).click();
    await page.keyboard.type('Ürünü 14 gün içinde iade edebilirsiniz.');
    await page.getByLabel('Yayında (mağazada görünsün)').check();
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('Sayfa kaydedildi.')).toBeVisible();
    await expect(page.getByLabel('Adres (slug)')).toHaveValue(`iade-kosullari-${stamp}`);
    await expectNoAxeViolations(page);
    await shots(page, 'admin-page-editor');

    const shopper = await browser.newPage();
    await open(shopper, `/content/iade-kosullari-${stamp}`);
    await expect(shopper.getByText('Ürünü 14 gün içinde iade edebilirsiniz.')).toBeVisible();

    // Someone else changes the page while this form is open: this form's save is refused, not lost.
    const pageId = Number(page.url().split('/').pop());
    const other = await browser.newContext();
    await logInStaff(other, createStaff('manager', 'Öteki Yönetici'));
    const stored = (await (await other.request.get(`/api/admin/pages/${pageId}`)).json()).page;
    const changed = await other.request.put(`/api/admin/pages/${pageId}`, {
      headers: { origin },
      data: {
        type: stored.type,
        title: stored.title,
        slug: stored.slug,
        summary: 'Öteki yöneticinin özeti',
        body: '<p>İade için önce bize yazın.</p>',
        position: stored.position,
        isPublished: stored.isPublished,
        loadedUpdatedAt: stored.updatedAt,
      },
    });
    expect(changed.status()).toBe(200);
    await other.close();
    await page.getByLabel('Özet').fill('Benim özetim');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'siz düzenlerken başka biri tarafından değiştirildi' }),
    ).toBeVisible();
    await expect(page.getByLabel('Özet', { exact: true })).toHaveValue('Benim özetim');
    await expectNoAxeViolations(page);
    await shots(page, 'admin-page-conflict');
    await page.getByRole('button', { name: 'Son hâlini yükle' }).click();
    await expect(page.getByLabel('Özet', { exact: true })).toHaveValue('Öteki yöneticinin özeti');
    await expect(page.getByRole('textbox', { name: 'İçerik' })).toHaveText('İade için önce bize yazın.');
    await expect(page.getByLabel('Sizin yazdıklarınız (kaydedilmedi)')).toHaveValue(/Özet:\nBenim özetim/);
    await expectNoAxeViolations(page);
    await shots(page, 'admin-page-conflict-loaded');

    // Saved over the loaded version with a new address: the old one moves there for good.
    await page.getByLabel('Adres (slug)').fill(`iade-sartlari-${stamp}`);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('Sayfa kaydedildi.')).toBeVisible();
    const moved = await shopper.request.get(`/content/iade-kosullari-${stamp}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`/content/iade-sartlari-${stamp}`);
    await open(shopper, `/content/iade-kosullari-${stamp}`);
    await expect(shopper).toHaveURL(new RegExp(`/content/iade-sartlari-${stamp}$`));
    await expect(shopper.getByText('İade için önce bize yazın.')).toBeVisible();

    // The list of pages, filtered by type, names it at its new address.
    await page.getByRole('link', { name: 'Sayfa listesi' }).click();
    await page.getByLabel('Sayfa türü').selectOption({ label: 'Yardım' });
    const listed = page
      .getByRole('table', { name: 'İçerik sayfaları' })
      .getByRole('row')
      .filter({ hasText: `İade Koşulları ${stamp}` });
    await expect(listed.getByText(`/content/iade-sartlari-${stamp}`)).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'admin-pages-list');

    const support = await browser.newContext();
    await logInStaff(support, createStaff('support', 'Destek Personeli'));
    const supportPage = await support.newPage();
    await supportPage.goto('/admin/');
    await expect(supportPage.getByRole('link', { name: 'Destek' }).first()).toBeVisible();
    await expect(supportPage.getByRole('link', { name: 'Blog' })).toHaveCount(0);
    await expect(supportPage.getByRole('link', { name: 'İçerik sayfaları' })).toHaveCount(0);
    const refused = await support.request.post('/api/admin/blog/posts', {
      headers: { origin },
      data: { title: 'Destek yazısı', author: 'Destek', body: '<p>x</p>' },
    });
    expect(refused.status()).toBe(403);
    await context.close();
    await support.close();
  });
});
