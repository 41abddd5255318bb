import { expect, type Page } from '@playwright/test';

const region = (page: Page, name: string) => page.getByRole('region', { name });

/** The guest checkout's contact and one shipping address that is also the invoice address (T.C. kimlik no). */
export async function fillGuestCheckout(page: Page, email: string) {
  const contact = region(page, 'İletişim Bilgileri');
  await contact.getByLabel('E-posta', { exact: true }).fill(email);
  const shipping = region(page, 'Teslimat Adresi');
  await shipping.getByLabel('Ad', { exact: true }).fill('Zeynep');
  await shipping.getByLabel('Soyad').fill('Kaya');
  await shipping.getByLabel('Cep telefonu').fill('0533 765 43 21');
  await shipping.getByLabel('İl', { exact: true }).selectOption({ label: 'İzmir' });
  await shipping.getByLabel('İlçe', { exact: true }).selectOption({ label: 'Karşıyaka' });
  await shipping.getByLabel('Adres', { exact: true }).fill('Bostanlı Mah. Cemal Gürsel Cad. No: 10 D: 4');
  const billing = region(page, 'Fatura Bilgileri');
  await expect(billing.getByLabel('Fatura adresim teslimat adresimle aynı')).toBeChecked();
  await billing.getByLabel('T.C. kimlik no').fill('10000000146');
}

/** The card fields of /secure-pay (any holder, an expiry two years ahead, any CVC), not the pay button. */
export async function typeCard(page: Page, card: string) {
  await page.getByLabel('Kart numarası').fill(card);
  await page.getByLabel('Kart üzerindeki isim').fill('Zeynep Kaya');
  await page.getByLabel('Ay').fill('12');
  await page.getByLabel('Yıl').fill(String((new Date().getFullYear() + 2) % 100));
  await page.getByLabel('CVC').fill('123');
}
