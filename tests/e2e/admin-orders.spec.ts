import {
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  test,
} from '@playwright/test';
import { placeTransferOrder } from './checkout-api.ts';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, outboxFiles, registerCustomer, shots, waitForMail } from './support.ts';

test.describe.configure({ timeout: 240_000 });

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };

const buyer = (email: string) => ({ email, firstName: 'Ayşe', lastName: 'Yılmaz' });

/** A new buyer's orders placed in the storefront, and a new owner on the orders page that finds them. */
async function ownerFindsOrders(
  {
    page,
    context,
    playwright,
  }: { page: Page; context: BrowserContext; playwright: PlaywrightWorkerArgs['playwright'] },
  count: number,
) {
  const shopper = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const email = `liste.${Date.now()}@example.com`;
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) numbers.push(await placeTransferOrder(shopper, buyer(email)));
  await shopper.dispose();
  await logInStaff(context, createStaff('owner', 'Liste Sahibi'));
  await page.goto(`/admin/siparisler?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('status').filter({ hasText: `${count} sipariş` })).toBeVisible();
  return numbers;
}

/** Screenshots of `part` on a laptop and on a phone, for a person to look at (outside the repository). */
async function laptopAndPhone(page: Page, part: Locator, name: string) {
  for (const [width, height, size] of [
    [1366, 768, 'laptop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/vitrin-shots/${name}-${size}.png` });
  }
}

test('an owner finds a storefront order, ships it with a tracking number and is refused a forbidden change', async ({
  page,
  context,
  browser,
  playwright,
}) => {
  const owner = createStaff('owner', 'Sipariş Sahibi');
  await logInStaff(context, owner);
  const shopper = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const email = `siparis.${Date.now()}@example.com`;
  await registerCustomer(shopper, email, 'gizli-şifre-1');
  const orderNo = await placeTransferOrder(shopper, buyer(email));

  // The table: the order found by the buyer's name typed in capitals without Turkish letters.
  await page.goto('/admin/siparisler');
  await expect(page.getByRole('heading', { level: 1, name: 'Siparişler' })).toBeVisible();
  await page.getByLabel('Ara', { exact: true }).fill('AYSE YILMAZ');
  await page.getByLabel('Durum', { exact: true }).selectOption({ label: 'Sipariş Alındı' });
  await page.getByRole('button', { name: 'Süz' }).click();
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('Sipariş Alındı');
  await expect(row).toContainText('Havale / EFT');
  await shots(page, 'admin-orders');
  await expectNoAxeViolations(page);

  // On a phone the search shows and the other filters fold behind a button that counts those set.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const fold = page.getByRole('button', { name: 'Filtreler (1 etkin)' });
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Ara', { exact: true })).toHaveValue('AYSE YILMAZ');
  await expect(page.getByLabel('Durum', { exact: true })).toBeHidden();
  // The list begins on the first screen now.
  await expect(page.getByText(/^\d+ sipariş$/)).toBeInViewport();
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Durum', { exact: true })).toHaveValue('0');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'bench/out/shots/admin-orders-filters-open-phone.png' });
  await fold.click();
  await expect(page.getByLabel('Durum', { exact: true })).toBeHidden();
  await page.setViewportSize(desktop);
  await expect(page.getByRole('button', { name: /^Filtreler/ })).toBeHidden();
  await expect(page.getByLabel('Durum', { exact: true })).toBeVisible();

  await row.getByRole('link', { name: orderNo }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${orderNo}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Teslimat adresi' })).toContainText('Bostanlı Mah.');

  // Only what the table allows is offered; the API refuses the rest and changes nothing.
  await page.getByRole('button', { name: 'Durumu değiştir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Durumu değiştir' });
  const choices = await dialog.getByLabel('Yeni durum').locator('option').allTextContents();
  expect(choices).toEqual(['Seçin', 'Hazırlanıyor', 'İptal Edildi']);
  const forbidden = await page.request.post(`/api/admin/orders/${orderNo}/status`, {
    headers: SAME_ORIGIN,
    data: { status: 4 },
  });
  expect(forbidden.status()).toBe(409);
  expect((await forbidden.json()).error.code).toBe('GECERSIZ_DURUM_GECISI');

  await dialog.getByRole('button', { name: 'Vazgeç' }).click();

  // The transfer arrived: one click, and the order's timeline says so, with who and when.
  await page
    .getByRole('region', { name: 'Ödeme' })
    .getByRole('button', { name: 'Havale / EFT geldi' })
    .click();
  await expect(page.getByRole('region', { name: 'Ödeme' })).toContainText('Ödendi');
  const timeline = page.getByRole('region', { name: 'Geçmiş' });
  const received = timeline.getByRole('listitem').filter({ hasText: 'Havale / EFT ödemesi alındı.' });
  await expect(received).toContainText('Mağaza · Sipariş Sahibi');
  await expect(received).toContainText(/\d{2}:\d{2}/);
  await laptopAndPhone(page, received, 'admin-order-transfer');
  await page.setViewportSize(desktop);

  await page.getByRole('button', { name: 'Durumu değiştir' }).click();
  await dialog.getByLabel('Yeni durum').selectOption({ label: 'Hazırlanıyor' });
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog).toBeHidden();

  // Shipping asks for the carrier and the number, on their fields.
  const mails = outboxFiles();
  await page.getByRole('button', { name: 'Durumu değiştir' }).click();
  await dialog.getByLabel('Yeni durum').selectOption({ label: 'Kargoya Verildi' });
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog.getByText('Kargo firmasını seçin')).toBeVisible();
  await expect(dialog.getByText('Takip numarasını yazın')).toBeVisible();
  await shots(page, 'admin-order-ship');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Kargo firması').selectOption({ label: 'Yurtiçi Kargo' });
  // Typed as the receipt prints it: saved and linked without the spaces.
  await dialog.getByLabel('Takip numarası').fill('yk 123 456 789');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog).toBeHidden();
  const cargo = page.getByRole('region', { name: 'Kargo' });
  await expect(cargo).toContainText('Yurtiçi Kargo');
  await expect(cargo.getByRole('link', { name: 'Kargoyu takip et' })).toHaveAttribute(
    'href',
    'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=YK123456789',
  );

  // An internal note: for staff only.
  const notes = page.getByRole('region', { name: 'Personel notları' });
  await notes.getByRole('button', { name: 'Notu ekle' }).click();
  await expect(notes.getByText('Notu yazın')).toBeVisible();
  await notes.getByLabel('Yeni not').fill('Kapıcıya bırakılabilir, gizli not');
  await notes.getByRole('button', { name: 'Notu ekle' }).click();
  await expect(notes.getByText('Kapıcıya bırakılabilir, gizli not')).toBeVisible();
  await shots(page, 'admin-order');
  await expectNoAxeViolations(page);

  // The customer: an e-mail with the number, and the cargo in their panel, without the staff note.
  await waitForMail(email, mails, /YK123456789/);
  const customer = await browser.newContext({ storageState: await shopper.storageState() });
  const customerPage = await customer.newPage();
  await customerPage.goto('/panel/orders');
  await expect(customerPage.getByText(orderNo).first()).toBeVisible();
  await customerPage.goto(`/panel/orders/${orderNo}`);
  await expect(customerPage.getByText('YK123456789')).toBeVisible();
  await expect(customerPage.getByText('Yurtiçi Kargo').first()).toBeVisible();
  // The carrier's page of the parcel, as the panel has it.
  const track = customerPage.getByRole('link', { name: /Kargonuzu Yurtiçi Kargo sitesinde takip edin/ });
  await expect(track).toHaveAttribute(
    'href',
    'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=YK123456789',
  );
  await expect(track).toHaveAttribute('target', '_blank');
  await expect(customerPage.getByText('Havale / EFT ödemesi alındı.')).toBeVisible();
  await expectNoAxeViolations(customerPage);
  await laptopAndPhone(customerPage, track, 'order-tracking');
  await expect(customerPage.locator('body')).not.toContainText('gizli not');
  await customer.close();

  // The audit log has the change, with the staff member.
  await page.goto('/admin/denetim');
  const entry = page
    .getByRole('listitem')
    .filter({ hasText: `Sipariş #${orderNo}` })
    .filter({ hasText: 'YK123456789' });
  await expect(entry).toContainText('Sipariş durumu değişti');
  await expect(entry).toContainText('Kargoya Verildi');
  await expect(entry).toContainText(owner.email);
  await shopper.dispose();
});

test('a support member reads orders but cannot change one', async ({ page, context, playwright }) => {
  const shopper = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const orderNo = await placeTransferOrder(shopper, buyer(`misafir.${Date.now()}@example.com`));
  await shopper.dispose();
  const member = createStaff('support', 'Destek Kişisi');
  await logInStaff(context, member);
  await page.goto('/admin/siparisler');
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('Sipariş Alındı');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Toplu durum değişikliği' })).toHaveCount(0);
  await row.getByRole('link', { name: orderNo }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${orderNo}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Durumu değiştir' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notu ekle' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const refused = await page.request.post(`/api/admin/orders/${orderNo}/status`, {
    headers: SAME_ORIGIN,
    data: { status: 3 },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('YETKI_YOK');
});

test('an owner moves several ticked orders at once and reads the result of each', async ({
  page,
  context,
  playwright,
}) => {
  const [first, second] = await ownerFindsOrders({ page, context, playwright }, 2);
  await page.getByRole('checkbox', { name: `${first} siparişini seç` }).check();
  await page.getByRole('checkbox', { name: `${second} siparişini seç` }).check();
  const bulk = page.getByRole('region', { name: 'Toplu durum değişikliği' });
  await expect(bulk).toContainText('2 sipariş seçildi');
  await bulk.getByLabel('Yeni durum').selectOption({ label: 'Hazırlanıyor' });
  await bulk.getByRole('button', { name: 'Seçilenlere uygula' }).click();
  await expect(bulk.getByRole('status')).toHaveText('2 sipariş değişti.');
  for (const orderNo of [first, second]) {
    await expect(page.getByRole('row').filter({ hasText: orderNo })).toContainText('Hazırlanıyor');
  }
  await expectNoAxeViolations(page);

  // The head's checkbox ticks every order on the page, on a phone too (the cards have their own).
  await page.getByRole('checkbox', { name: 'Bu sayfadaki tüm siparişleri seç' }).check();
  await expect(bulk).toContainText('2 sipariş seçildi');
  await expect(page.getByRole('checkbox', { name: `${first} siparişini seç` })).toBeChecked();
  await shots(page, 'admin-orders-selected');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('checkbox', { name: `${second} siparişini seç` }).uncheck();
  await expect(bulk).toContainText('1 sipariş seçildi');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });
});

test('an owner filters orders by days typed as gg.aa.yyyy or picked on a Turkish calendar', async ({
  page,
  context,
  playwright,
}) => {
  const [orderNo] = await ownerFindsOrders({ page, context, playwright }, 1);
  const from = page.getByLabel('Başlangıç tarihi');
  const to = page.getByLabel('Bitiş tarihi');

  // Wrong days are told on their fields in Turkish; nothing is asked of the API.
  await from.fill('31.02.2026');
  await to.fill('abc');
  await page.getByRole('button', { name: 'Süz' }).click();
  await expect(page.getByText('Bu tarih takvimde yok')).toBeVisible();
  await expect(page.getByText('Tarihi gg.aa.yyyy biçiminde yazın (ör. 05.03.2026)')).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(page).not.toHaveURL(/from=/);
  await from.fill('02.03.2026');
  await to.fill('01.03.2026');
  await page.getByRole('button', { name: 'Süz' }).click();
  await expect(page.getByText('Bitiş tarihi başlangıç tarihinden önce olamaz')).toBeVisible();

  // Digits alone get their dots; the address (and the API) keeps ISO days.
  const today = new Date(Date.now() + 3 * 60 * 60_000).toISOString().slice(0, 10);
  const [year, month, day] = today.split('-');
  await from.fill('');
  await from.pressSequentially(`${day}${month}${year}`);
  await expect(from).toHaveValue(`${day}.${month}.${year}`);
  await to.fill(`${day}.${month}.${year}`);
  await page.getByRole('button', { name: 'Süz' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}|to=${today}.*from=${today}`));
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toBeVisible();
  await expect(from).toHaveValue(`${day}.${month}.${year}`);

  // The calendar speaks Turkish and writes the day it is given in the field.
  await page.getByRole('button', { name: 'Takvimi aç' }).first().click();
  const calendar = page.getByRole('dialog', { name: 'Takvim' });
  await expect(calendar.getByRole('button', { name: 'Önceki aya git' })).toBeVisible();
  await expect(calendar.getByRole('grid')).toHaveAccessibleName(
    /(Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık) \d{4}/,
  );
  await expectNoAxeViolations(page);
  await shots(page, 'admin-order-filters-calendar');
  await calendar.getByRole('button', { name: 'Önceki aya git' }).click();
  await calendar.getByRole('button', { name: /^1 \D+ \d{4}/ }).click();
  await expect(calendar).toBeHidden();
  await expect(from).toHaveValue(/^01\.\d{2}\.\d{4}$/);
  await expect(from).toBeFocused();
  await page.getByRole('button', { name: 'Süz' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toBeVisible();
});
