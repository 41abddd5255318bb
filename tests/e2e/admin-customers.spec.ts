import { expect, test } from '@playwright/test';
import { placeTransferOrder } from './checkout-api.ts';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, outboxFiles, postRegistration, shots, waitForMail } from './support.ts';

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };
const PASSWORD = 'Kedi-Mavi-Deniz-7';

test.describe('customers in the staff panel', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a manager sets one customer wholesale and disables another, who then cannot log in', async ({
    page,
    request,
  }) => {
    const stamp = Date.now();
    const buyer = { firstName: 'Şükrü', lastName: 'Öztürk', email: `sukru.${stamp}@example.com` };
    const other = { firstName: 'Gül', lastName: 'Işık', email: `gul.${stamp}@example.com` };
    for (const c of [buyer, other]) {
      const res = await postRegistration(
        request,
        { ...c, phone: '0532 123 45 67', password: PASSWORD, kvkk: true },
        SAME_ORIGIN,
      );
      expect(res.status()).toBe(201);
    }

    await logInStaff(page.context(), createStaff('manager', 'Mert Yönetici'));
    await page.goto('/admin/musteriler');
    await expect(page.getByRole('heading', { level: 1, name: 'Müşteriler' })).toBeVisible();
    // Turkish letters folded: "sukru ozturk" finds Şükrü Öztürk.
    await page.getByLabel('Ara (ad, e-posta ya da telefon)').fill(`sukru ozturk ${stamp}`);
    await page.getByRole('button', { name: 'Ara' }).click();
    await expect(page.getByRole('status')).toHaveText('1 müşteri');
    await expectNoAxeViolations(page);
    await shots(page, 'admin-customers');
    await page.getByRole('table').getByRole('link', { name: 'Şükrü Öztürk' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Şükrü Öztürk' })).toBeVisible();
    await page.getByRole('button', { name: 'Toptan fiyat ver' }).click();
    await expect(page.getByText('Toptan', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toptan fiyatı kapat' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'admin-customer');

    // The erasure asks for the e-mail typed again; a wrong one erases nothing.
    await page.getByRole('button', { name: 'Kişisel verileri sil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kişisel verileri sil' });
    await dialog.getByLabel(/Onaylamak için e-posta adresini yazın/).fill('baskasi@example.com');
    await dialog.getByRole('button', { name: 'Kalıcı olarak sil' }).click();
    await expect(dialog.getByText('Müşterinin e-posta adresini aynen yazın')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();

    await page.goto(`/admin/musteriler?q=${encodeURIComponent(other.email)}`);
    await page.getByRole('table').getByRole('link', { name: 'Gül Işık' }).click();
    await page.getByRole('button', { name: 'Hesabı devre dışı bırak' }).click();
    await expect(page.getByText('Devre dışı', { exact: true })).toBeVisible();

    const login = await request.post('/api/front/auth/login', {
      headers: SAME_ORIGIN,
      data: { email: other.email, password: PASSWORD },
    });
    expect(login.status()).toBe(403);
    expect((await login.json()).error.message).toContain('devre dışı');
    const fine = await request.post('/api/front/auth/login', {
      headers: SAME_ORIGIN,
      data: { email: buyer.email, password: PASSWORD },
    });
    expect(fine.status()).toBe(200);
    expect((await fine.json()).customer.wholesale).toBe(true);
  });

  test("a manager sees the guest orders of a customer's address, not linked, and sends the linking e-mail", async ({
    page,
    request,
    playwright,
  }) => {
    const stamp = Date.now();
    const buyer = { firstName: 'Nazlı', lastName: 'Çelik', email: `nazli.${stamp}@example.com` };
    // Ordered as a guest first (a browser of its own, no account), then registered with the same address.
    const guest = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
    const orderNo = await placeTransferOrder(guest, buyer);
    await guest.dispose();
    const res = await postRegistration(
      request,
      { ...buyer, phone: '0532 123 45 67', password: PASSWORD, kvkk: true },
      SAME_ORIGIN,
    );
    expect(res.status()).toBe(201);

    await logInStaff(page.context(), createStaff('manager', 'Mert Yönetici'));
    await page.goto(`/admin/musteriler?q=${encodeURIComponent(buyer.email)}`);
    await page.getByRole('table').getByRole('link', { name: 'Nazlı Çelik' }).click();
    const section = page.getByRole('region', { name: 'Aynı e-postayla verilen misafir siparişleri' });
    await expect(section.getByRole('link', { name: orderNo })).toBeVisible();
    await expect(section.getByText('hesaba bağlı değil')).toBeVisible();
    await expectNoAxeViolations(page);
    const before = outboxFiles();
    await section.getByRole('button', { name: 'Bağlama e-postası gönder' }).click();
    await expect(section.getByRole('status')).toHaveText(
      `Bağlantı ${buyer.email} adresine gönderildi (1 sipariş, 24 saat geçerli).`,
    );
    const link = await waitForMail(buyer.email, before, /\/panel\/orders\?baglanti=[\w.%-]+/);
    await shots(page, 'admin-customer-guest-orders');

    // The customer opens the e-mailed link while logged in: the order joins the account.
    const customer = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
    const login = await customer.post('/api/front/auth/login', {
      headers: SAME_ORIGIN,
      data: { email: buyer.email, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    expect((await customer.get(link)).status()).toBeLessThan(400);
    await customer.dispose();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Aynı e-postayla verilen misafir siparişleri' }),
    ).toHaveCount(0);
    await expect(page.getByRole('link', { name: orderNo })).toBeVisible();
  });
});
