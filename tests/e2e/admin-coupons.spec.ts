import { expect, test } from '@playwright/test';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, listedProducts, open, shots } from './support.ts';

// Kept as the owner types it; a shopper may type it in upper case with an ASCII I (as a banner prints it).
const code = `kasim${Date.now().toString(36)}`;

test.describe('coupons in the panel', () => {
  test('an owner adds a coupon that a shopper then applies in the cart; it is disabled again', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('owner', 'Kupon Sahibi'));
    const page = await context.newPage();
    await page.goto('/admin/kuponlar');
    await expect(page.getByRole('heading', { level: 1, name: 'Kuponlar' })).toBeVisible();

    await page.getByRole('button', { name: 'Kupon ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kupon ekle' });
    // The form's own checks, in Turkish, before anything is sent.
    await dialog.getByLabel('Kupon kodu').fill('a b');
    await dialog.getByLabel('İndirim (%)').fill('150');
    await dialog.getByLabel('Başlangıç').fill('01.05.2099');
    await dialog.getByLabel('Bitiş').fill('01.04.2099');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByText(/Kod 3-30 karakter olmalı/)).toBeVisible();
    await expect(dialog.getByText('Yüzde indirim 1 ile 100 arasında olmalı')).toBeVisible();
    await expect(dialog.getByText('Bitiş tarihi başlangıç tarihinden sonra olmalı')).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'admin-coupon-dialog-errors');

    await dialog.getByLabel('Kupon kodu').fill(code);
    await dialog.getByLabel('Açıklama').fill('Uçtan uca deneme indirimi');
    await dialog.getByLabel('İndirim (%)').fill('20');
    await dialog.getByLabel('Başlangıç').fill('');
    await dialog.getByLabel('Bitiş').fill('01.04.2099');
    await dialog.getByLabel('Toplam kullanım sınırı').fill('100');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog).toBeHidden();
    const list = page.getByRole('table', { name: 'Kupon listesi' });
    const row = list.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('%20');
    await expect(row).toContainText('0 / 100');
    await expect(row).toContainText('100 hak kaldı');
    await expect(row.getByText('Geçerli', { exact: true })).toBeVisible();
    await shots(page, 'admin-coupons');
    await expectNoAxeViolations(page);

    // A code a shopper could not tell from it (KASİM… beside kasim…) is refused on its field.
    await page.getByRole('button', { name: 'Kupon ekle' }).click();
    await dialog.getByLabel('Kupon kodu').fill(code.toLocaleUpperCase('tr-TR'));
    await dialog.getByLabel('İndirim (%)').fill('5');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByText(`Bu kod "${code}" kuponuyla aynı sayılır`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();

    // A shopper applies it in the cart.
    const products = await listedProducts(request);
    const product = products.find((p) => p.stockType === 1 && p.inStock && p.price)!;
    const shopper = await browser.newPage();
    await open(shopper, `/product/${product.slug}`);
    await shopper.getByTestId('add-to-cart').getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(shopper.getByText('Ürün sepete eklendi')).toBeVisible();
    await open(shopper, '/cart');
    await shopper.getByLabel('Kupon Kodu').fill(code.toUpperCase());
    await shopper.getByRole('button', { name: 'Uygula' }).click();
    await expect(shopper.getByTestId('applied-coupon')).toContainText(code);
    await expect(shopper.getByTestId('cart-discount')).toBeVisible();

    // Disabled in the panel, the code no longer applies.
    await row.getByRole('button', { name: `Kapat (${code})` }).click();
    await expect(row.getByText('Kapalı', { exact: true })).toBeVisible();
    const fresh = await browser.newPage();
    await open(fresh, `/product/${product.slug}`);
    await fresh.getByTestId('add-to-cart').getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(fresh.getByText('Ürün sepete eklendi')).toBeVisible();
    await open(fresh, '/cart');
    await fresh.getByLabel('Kupon Kodu').fill(code);
    await fresh.getByRole('button', { name: 'Uygula' }).click();
    await expect(fresh.getByTestId('coupon-form').getByRole('alert')).toHaveText(
      'Bu kupon kodu geçerli değil. Kodu kontrol edip tekrar deneyin.',
    );
    await context.close();
  });

  test('an owner types an amount coupon in lira and picks its category; the list shows it in TL', async ({
    browser,
  }) => {
    const amountCode = `${code}TL`;
    const context = await browser.newContext();
    await logInStaff(context, createStaff('owner', 'Tutar Kuponu'));
    const page = await context.newPage();
    await page.goto('/admin/kuponlar');
    await page.getByRole('button', { name: 'Kupon ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kupon ekle' });
    await dialog.getByLabel('Kupon kodu').fill(amountCode);
    await dialog.getByLabel('İndirim türü').selectOption('amount');
    await dialog.getByLabel('İndirim tutarı (TL)').fill('12,345');
    await dialog.getByLabel('En düşük sepet tutarı (TL)').fill('-5');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByText('Kuruş en çok iki basamak olabilir (ör. 150,50)')).toBeVisible();
    await expect(dialog.getByText('Tutar eksi olamaz')).toBeVisible();

    await dialog.getByLabel('İndirim tutarı (TL)').fill('150,50');
    await dialog.getByLabel('En düşük sepet tutarı (TL)').fill('1.000');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByText('Kuruş en çok iki basamak olabilir (ör. 150,50)')).toBeVisible();
    await dialog.getByLabel('En düşük sepet tutarı (TL)').fill('1000');

    // The picker lists the category tree, subcategories indented under their parents.
    const picker = dialog.getByLabel('Kategori');
    const names = await picker.locator('option').allTextContents();
    expect(names[0]).toBe('Tüm kategoriler');
    const sub = names.find((n) => n.startsWith('\u00a0'));
    expect(sub).toBeDefined();
    await picker.selectOption({ label: sub! });
    const categoryName = sub!.replace(/^[\u00a0\s›]+/, '').replace(' (yayında değil)', '');
    await expectNoAxeViolations(page);
    await shots(page, 'admin-coupon-dialog-amount');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog).toBeHidden();

    const row = page
      .getByRole('table', { name: 'Kupon listesi' })
      .getByRole('row')
      .filter({ hasText: amountCode });
    await expect(row).toContainText('₺150,50');
    await expect(row).toContainText('(₺1.000,00 üzeri)');
    await expect(row).toContainText(`Kategori: ${categoryName}`);

    // Opened again, the form shows the amounts in lira and the category picked.
    await row.getByRole('button', { name: `Düzenle (${amountCode})` }).click();
    const edit = page.getByRole('dialog', { name: `${amountCode} kuponunu düzenle` });
    await expect(edit.getByLabel('İndirim tutarı (TL)')).toHaveValue('150,50');
    await expect(edit.getByLabel('En düşük sepet tutarı (TL)')).toHaveValue('1000');
    await expect(edit.getByLabel('Kategori').locator('option:checked')).toHaveText(sub!);
    await edit.getByRole('button', { name: 'Vazgeç' }).click();
    await context.close();
  });
});
