import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, listedProducts, open, outboxFiles, shots, waitForMail } from './support.ts';

test.describe.configure({ timeout: 120_000 });

test('a sold-out product offers "Gelince haber ver": KVKK consent, then a link that confirms it', async ({
  page,
  request,
}) => {
  const product = (await listedProducts(request)).find((p) => p.stockType === 1 && !p.inStock)!;
  const email = `haber.${Date.now()}@example.com`;
  await open(page, `/product/${product.slug}`);

  // No quantity beside the inactive button: "Adet 4" there reads as the stock.
  await expect(page.getByTestId('add-to-cart').getByLabel('Adet')).toHaveCount(0);
  const alert = page.getByRole('region', { name: 'Gelince haber ver' });
  await expect(alert).toBeVisible();
  await shots(page, 'stock-alert-form');
  await alert.getByLabel('E-posta adresiniz').fill(email);
  await alert.getByRole('button', { name: 'Gelince haber ver' }).click();
  await expect(
    alert.getByText('Size e-posta gönderebilmemiz için KVKK aydınlatma metnini onaylamanız gerekiyor'),
  ).toBeVisible();

  const before = outboxFiles();
  await alert.getByLabel(/E-posta adresimin bu bildirim için işlenmesini kabul ediyorum/).check();
  await alert.getByRole('button', { name: 'Gelince haber ver' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Onay bağlantısını e-posta adresinize gönderdik.' }),
  ).toBeVisible();
  await shots(page, 'stock-alert-sent');
  await expectNoAxeViolations(page);

  const link = await waitForMail(email, before, /http:\/\/\S+\?stok-bildirimi=[\w-]{43}/);
  const url = new URL(link);
  await open(page, url.pathname + url.search);
  await expect(
    page.getByText('Onaylandı: ürün stoğa girdiğinde size bir kez e-posta göndereceğiz.'),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/stok-bildirimi/);
  await shots(page, 'stock-alert-confirmed');

  // The same link again: already confirmed, still fine; a broken one is refused in Turkish.
  await open(page, `/product/${product.slug}?stok-bildirimi=${'x'.repeat(43)}`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Bu onay bağlantısı geçersiz ya da süresi dolmuş' }),
  ).toBeVisible();
});
