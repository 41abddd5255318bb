import { expect, test } from '@playwright/test';
import { placeTransferOrder } from './checkout-api.ts';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, open, outboxFiles, postRegistration, shots, waitForMail } from './support.ts';

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('support in the staff panel', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a support member answers a storefront ticket with a file; the customer reads it and is e-mailed; closed', async ({
    page,
    browser,
  }) => {
    // The customer opens a ticket in the storefront.
    const email = `talep.${Date.now()}@example.com`;
    const registered = await postRegistration(
      page.request,
      {
        firstName: 'Elif',
        lastName: 'Şahin',
        email,
        phone: '0543 222 33 44',
        password: 'Kedi-Mavi-Deniz-7',
        kvkk: true,
      },
      SAME_ORIGIN,
    );
    expect(registered.status()).toBe(201);
    const opened = await page.request.post('/api/front/support/tickets', {
      headers: SAME_ORIGIN,
      data: { subject: 'Kupam kırık geldi', message: 'Kargodan çıkan kupanın kulpu kırıktı.' },
    });
    expect(opened.status()).toBe(201);
    const { ticketNo } = (await opened.json()).ticket as { ticketNo: string };

    const staffContext = await browser.newContext();
    await logInStaff(staffContext, createStaff('support', 'Deniz Destek'));
    const admin = await staffContext.newPage();
    await admin.goto('/admin/destek');
    await expect(admin.getByRole('heading', { level: 1, name: 'Destek talepleri' })).toBeVisible();
    await expect(admin.getByRole('button', { name: /^Açık/ })).toHaveAttribute('aria-current', 'page');
    await admin.getByRole('table').getByRole('link', { name: 'Kupam kırık geldi' }).first().click();
    await expect(admin).toHaveURL(new RegExp(`/admin/destek/${ticketNo}$`));
    await expect(admin.getByRole('heading', { level: 1, name: 'Kupam kırık geldi' })).toBeVisible();
    await expect(admin.getByText('Elif Şahin ·')).toBeVisible();
    await expectNoAxeViolations(admin);
    await shots(admin, 'admin-support-ticket');

    // A reply too short is refused on its field, by the shared schema.
    await admin.getByLabel('Yanıtınız').fill('Tam');
    await admin.getByRole('button', { name: 'Yanıtı gönder' }).click();
    await expect(admin.getByText('Mesajınız en az 5 karakter olmalı')).toBeVisible();

    const before = outboxFiles();
    await admin.getByLabel('Yanıtınız').fill('Çok üzüldük! Yenisini bugün kargoya veriyoruz.');
    await admin
      .getByLabel('Ek dosya (isteğe bağlı)')
      .setInputFiles({ name: 'kargo.png', mimeType: 'image/png', buffer: PNG });
    await admin.getByRole('button', { name: 'Yanıtı gönder' }).click();
    await expect(admin.getByRole('list', { name: 'Yazışma' }).getByRole('listitem')).toHaveCount(2);
    await expect(admin.getByRole('link', { name: /Ek: kargo\.png/ })).toBeVisible();
    await expect(admin.getByText('Yanıtlandı', { exact: true })).toBeVisible();
    await waitForMail(email, before, new RegExp(`/panel/support/${ticketNo}`));

    // The customer reads the answer in the storefront panel.
    await open(page, `/panel/support/${ticketNo}`);
    await expect(page.locator('[data-status]').first()).toHaveText('Yanıtlandı');
    await expect(page.locator('[data-author="shop"]')).toContainText('Yenisini bugün kargoya veriyoruz.');

    await admin.getByRole('button', { name: 'Talebi kapat' }).click();
    await expect(admin.getByRole('button', { name: 'Yeniden aç' })).toBeVisible();
    await expect(admin.getByText('Talep kapalı; yanıtlamak için önce yeniden açın.')).toBeVisible();
    await admin.goto('/admin/destek?durum=closed');
    await expect(
      admin.getByRole('table').getByRole('link', { name: 'Kupam kırık geldi' }).first(),
    ).toBeVisible();
    await expectNoAxeViolations(admin);
    await shots(admin, 'admin-support-queue');
    await open(page, `/panel/support/${ticketNo}`);
    await expect(page.locator('[data-status]').first()).toHaveText('Kapandı');

    // Support reads the customer (the ticket is there) but is offered no change.
    await admin.goto(`/admin/destek/${ticketNo}`);
    await admin.getByRole('link', { name: /Elif Şahin ·/ }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Elif Şahin' })).toBeVisible();
    await expect(admin.getByRole('link', { name: ticketNo })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Toptan fiyat ver' })).toHaveCount(0);
    await expect(admin.getByRole('button', { name: 'Kişisel verileri sil' })).toHaveCount(0);
    await expectNoAxeViolations(admin);
    await shots(admin, 'admin-support-customer');
    await staffContext.close();
  });
  test('support keeps saved replies and inserts one into a reply; a ticket naming an order links to it', async ({
    page,
    browser,
  }) => {
    const stamp = Date.now();
    const buyer = { firstName: 'Can', lastName: 'Öz', email: `hazir.${stamp}@example.com` };
    const registered = await postRegistration(
      page.request,
      { ...buyer, phone: '0543 222 33 44', password: 'Kedi-Mavi-Deniz-7', kvkk: true },
      SAME_ORIGIN,
    );
    expect(registered.status()).toBe(201);
    const orderNo = await placeTransferOrder(page.request, buyer);
    const opened = await page.request.post('/api/front/support/tickets', {
      headers: SAME_ORIGIN,
      data: { subject: `İade ${stamp}`, message: `${orderNo} numaralı siparişimi iade etmek istiyorum.` },
    });
    expect(opened.status()).toBe(201);
    const { ticketNo } = (await opened.json()).ticket as { ticketNo: string };

    const staffContext = await browser.newContext();
    await logInStaff(staffContext, createStaff('support', 'Deniz Destek'));
    const admin = await staffContext.newPage();
    await admin.goto('/admin/destek');
    await admin.getByRole('link', { name: 'Hazır yanıtlar' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Hazır yanıtlar' })).toBeVisible();
    const title = `İade onayı ${stamp}`;
    await admin.getByRole('button', { name: 'Hazır yanıt ekle' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Hazır yanıt ekle' });
    await dialog.getByLabel('Başlık').fill(title);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByText('Yanıt metnini yazın')).toBeVisible();
    await dialog
      .getByLabel('Yanıt metni')
      .fill('Merhaba,\niadeniz onaylandı; tutar 3 iş günü içinde yansır.');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog).toHaveCount(0);
    const list = admin.getByRole('list', { name: 'Hazır yanıtlar' });
    await expect(list.getByText(title, { exact: true })).toBeVisible();
    await expectNoAxeViolations(admin);
    await shots(admin, 'admin-saved-replies');

    await admin.goto(`/admin/destek/${ticketNo}`);
    await expect(admin.getByRole('link', { name: orderNo })).toHaveAttribute(
      'href',
      `/admin/siparisler/${orderNo}`,
    );
    await admin.getByLabel('Yanıtınız').fill('Merhaba Can Bey,');
    await admin.getByLabel('Hazır yanıt ekle').selectOption({ label: title });
    await expect(admin.getByLabel('Yanıtınız')).toHaveValue(
      'Merhaba Can Bey,\n\nMerhaba,\niadeniz onaylandı; tutar 3 iş günü içinde yansır.',
    );
    await expectNoAxeViolations(admin);
    await shots(admin, 'admin-support-saved-reply');
    await admin.getByRole('button', { name: 'Yanıtı gönder' }).click();
    await expect(admin.getByRole('list', { name: 'Yazışma' }).getByRole('listitem')).toHaveCount(2);
    await expect(admin.getByRole('list', { name: 'Yazışma' })).toContainText('iadeniz onaylandı');

    // Deleted after the browser's confirm.
    await admin.goto('/admin/destek/hazir-yanitlar');
    admin.once('dialog', (d) => d.accept());
    await admin.getByRole('button', { name: `Sil (${title})` }).click();
    await expect(
      admin.getByRole('list', { name: 'Hazır yanıtlar' }).getByText(title, { exact: true }),
    ).toHaveCount(0);
    await staffContext.close();
  });
});
