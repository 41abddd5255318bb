import { expect, test } from '@playwright/test';
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
});
