import { expect, type Locator, type Page, test } from '@playwright/test';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, open, shots } from './support.ts';

const stamp = Date.now().toString(36);
const parentName = `Mevsim Ürünleri ${stamp}`;
const childName = `Kış Ürünleri ${stamp}`;
const renamed = `Kışlık Giyim ${stamp}`;
const linkTitle = `Kampanya ${stamp}`;

/** The tree's row of a node, by its name. */
const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Kategori ağacı' }).locator('li[data-tree-id]').filter({ hasText: name });

/** Drags a row by its handle onto the middle of another (nesting it there), with the mouse, in steps. */
async function dragOnto(page: Page, from: Locator, to: Locator) {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const handle = await from.locator('[data-drag-handle]').boundingBox();
  const target = await to.boundingBox();
  if (!handle || !target) throw new Error('rows not on screen');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + 10, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

test.describe('the structure screens of the panel', () => {
  test('a manager nests a category by dragging and by the buttons, renames it, and the shop follows', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('manager', 'Yapı Yöneticisi'));
    const page = await context.newPage();
    page.on('dialog', (d) => d.accept());
    await page.goto('/admin/kategoriler');
    await expect(page.getByRole('heading', { level: 1, name: 'Kategoriler' })).toBeVisible();

    for (const name of [parentName, childName]) {
      await page.getByRole('button', { name: 'Kategori ekle' }).click();
      const dialog = page.getByRole('dialog', { name: 'Kategori ekle' });
      await dialog.getByLabel('Kategori adı').fill(name);
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      await expect(dialog).toBeHidden();
      await expect(row(page, name)).toBeVisible();
    }
    // A slug typed that another category has is refused on its field (a name alone gets a free "-2" one).
    await page.getByRole('button', { name: 'Kategori ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kategori ekle' });
    await dialog.getByLabel('Kategori adı').fill(`${parentName} ikinci`);
    await dialog.getByLabel('Adres (slug)').fill(`mevsim-urunleri-${stamp.toLowerCase()}`);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByText('Bu slug başka bir kategoride; başka bir slug girin')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();

    // Dragged onto the middle of the other row, the category goes under it.
    await dragOnto(page, row(page, childName), row(page, parentName));
    await expect(row(page, childName)).toHaveCSS('margin-inline-start', '20px');

    // The keyboard's way: out of its parent, then under the row above it again.
    await row(page, childName)
      .getByRole('button', { name: `Dışarı al (üst öğenin yanına): ${childName}` })
      .click();
    await expect(row(page, childName)).toHaveCSS('margin-inline-start', '0px');
    await row(page, childName)
      .getByRole('button', { name: `İçeri al (üstteki öğenin altına): ${childName}` })
      .click();
    await expect(row(page, childName)).toHaveCSS('margin-inline-start', '20px');
    await expectNoAxeViolations(page);

    // Renamed: the slug stays, so its address does too.
    await row(page, childName)
      .getByRole('button', { name: `Düzenle (${childName})` })
      .click();
    const edit = page.getByRole('dialog', { name: `${childName} kategorisini düzenle` });
    await expect(edit.getByLabel('Üst kategori')).toHaveValue(/\d+/);
    await edit.getByLabel('Kategori adı').fill(renamed);
    await edit.getByRole('button', { name: 'Kaydet' }).click();
    await expect(edit).toBeHidden();
    await expect(row(page, renamed)).toBeVisible();
    const slug = (await row(page, renamed)
      .getByText(/^\/kis-urunleri-/)
      .textContent())!.slice(1);
    await row(page, renamed).scrollIntoViewIfNeeded();
    await shots(page, 'admin-categories');

    // The storefront: its page under the new name, with its parent in the breadcrumbs.
    const shopper = await browser.newPage();
    await open(shopper, `/shop/${slug}`);
    await expect(shopper.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    const crumbs = shopper.getByRole('navigation', { name: 'Sayfa konumu' });
    await expect(crumbs.getByRole('link', { name: parentName })).toBeVisible();

    // A parent with a sub-category is not deleted; emptied, both go.
    await row(page, parentName)
      .getByRole('button', { name: `Sil (${parentName})` })
      .click();
    await expect(page.getByRole('alert')).toContainText('alt kategorileri var');
    await row(page, renamed)
      .getByRole('button', { name: `Sil (${renamed})` })
      .click();
    await expect(row(page, renamed)).toHaveCount(0);
    await row(page, parentName)
      .getByRole('button', { name: `Sil (${parentName})` })
      .click();
    await expect(row(page, parentName)).toHaveCount(0);
    await context.close();
  });

  test('a manager adds a header link: javascript: is refused in Turkish, a site path is in the header at once', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('manager', 'Menü Yöneticisi'));
    const page = await context.newPage();
    page.on('dialog', (d) => d.accept());
    await page.goto('/admin/ust-menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Üst menü' })).toBeVisible();

    await page.getByRole('button', { name: 'Bağlantı ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menüye bağlantı ekle' });
    await dialog.getByLabel('Başlık').fill(linkTitle);
    await dialog.getByLabel('Adres (URL)').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(
      dialog.getByText(
        'Geçerli bir web adresi (ör. https://www.ornek.com.tr) ya da sitenin bir yolu (ör. /shop/giyim) girin',
        { exact: true },
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'admin-menu-dialog-invalid-url');

    await dialog.getByLabel('Adres (URL)').fill('/page/hakkimizda');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog).toBeHidden();
    const list = page.getByRole('list', { name: 'Üst menü' });
    const link = list.locator('li[data-tree-id]').filter({ hasText: linkTitle });
    await expect(link).toBeVisible();
    // Moved to the top by the buttons.
    const above = await list
      .locator('li[data-tree-id]')
      .evaluateAll(
        (rows, title) =>
          rows.filter((r) => !r.textContent?.includes(title) && r.style.marginInlineStart === '0rem').length,
        linkTitle,
      );
    for (let i = 0; i < above; i++) {
      const moved = page.waitForResponse((r) => r.url().endsWith('/move') && r.status() === 200);
      await link.getByRole('button', { name: `Yukarı taşı: ${linkTitle}` }).click();
      await moved;
      await expect(link.getByRole('button', { name: `Yukarı taşı: ${linkTitle}` })).toBeEnabled({
        enabled: i < above - 1,
      });
    }
    await expect(list.locator('li[data-tree-id]').first()).toContainText(linkTitle);
    await expectNoAxeViolations(page);
    await shots(page, 'admin-menu');

    const shopper = await browser.newPage();
    await open(shopper, '/');
    const nav = shopper.getByRole('navigation', { name: 'Ana menü' });
    await expect(nav.getByRole('link', { name: linkTitle })).toHaveAttribute('href', '/page/hakkimizda');

    await link.getByRole('button', { name: `Sil (${linkTitle})` }).click();
    await expect(link).toHaveCount(0);
    await open(shopper, '/');
    await expect(nav.getByRole('link', { name: linkTitle })).toHaveCount(0);
    await context.close();
  });

  test('a manager adds a product tag, is told a taken slug on its field, renames the tag and deletes it', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('manager', 'Etiket Yöneticisi'));
    const page = await context.newPage();
    await page.goto('/admin/etiketler');
    await expect(page.getByRole('heading', { level: 1, name: 'Etiketler' })).toBeVisible();
    const name = `Yılbaşı Hediyesi ${stamp}`;
    const slug = `yilbasi-hediyesi-${stamp}`;
    await page.getByRole('button', { name: 'Etiket ekle' }).click();
    await page.getByLabel('Etiket adı').fill(name);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const tag = page.getByRole('list', { name: 'Etiketler' }).getByRole('listitem').filter({ hasText: slug });
    await expect(tag.getByText(name, { exact: true })).toBeVisible();
    await expect(tag.getByText('0 ürün')).toBeVisible();

    // Another tag may not take its address: told on the slug field, the dialog stays open.
    await page.getByRole('button', { name: 'Etiket ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Etiket ekle' });
    await dialog.getByLabel('Etiket adı').fill(`Başka Etiket ${stamp}`);
    await dialog.getByLabel('Adres (slug)').fill(slug);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByText('Bu slug başka bir etikette; başka bir slug girin')).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'admin-tag-dialog-slug-taken');
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(dialog).toBeHidden();

    const renamed = `Yeni Yıl Hediyesi ${stamp}`;
    await tag.getByRole('button', { name: `Yeniden adlandır (${name})` }).click();
    await page.getByLabel('Etiket adı').fill(renamed);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(tag.getByText(renamed, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'admin-tags');

    page.once('dialog', (confirm) => {
      expect(confirm.message()).toBe(`${renamed} etiketi silinsin mi?`);
      void confirm.accept();
    });
    await tag.getByRole('button', { name: `Sil (${renamed})` }).click();
    await expect(tag).toHaveCount(0);
    await context.close();
  });

  test('support sees the category tree without changing it and has no menu screen', async ({ browser }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('support', 'Destek Personeli'));
    const page = await context.newPage();
    await page.goto('/admin/kategoriler');
    await expect(page.getByRole('heading', { level: 1, name: 'Kategoriler' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Kategori ağacı' }).locator('li').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kategori ekle' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Yukarı taşı/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Üst menü' })).toHaveCount(0);
    await context.close();
  });
});
