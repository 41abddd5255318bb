import { expect, test } from '@playwright/test';
import { placeTransferOrder } from './checkout-api.ts';
import { E2E_PORT } from './playwright.config.ts';
import {
  expectNoAxeViolations,
  open,
  outboxFiles,
  postRegistration,
  registerCustomer,
  shots,
  vitrinCli,
  waitForMail,
} from './support.ts';

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };
/** An attachment over the form's 6 MB: the shop refuses it before the upload (JavaScript) or says so in the form. */
const HUGE = { name: 'video.png', mimeType: 'image/png', buffer: Buffer.alloc(7 * 1024 * 1024) };
/** A 1×1 PNG, as a customer's photo of a broken mug. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('contact and support', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a visitor sends the contact form and sees the success toast', async ({ page }) => {
    const before = outboxFiles();
    await open(page, '/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('İletişim');
    await expect(page.getByRole('main').getByRole('link', { name: /KVKK aydınlatma metni/ })).toHaveAttribute(
      'href',
      '/content/kvkk-aydinlatma-metni',
    );
    await expectNoAxeViolations(page);
    await shots(page, 'contact');

    // The form check names what is missing, next to the fields.
    await page.getByRole('button', { name: 'Mesajı gönder' }).click();
    await expect(page.getByRole('alert')).toContainText('Adınızı ve soyadınızı girin');
    await expect(
      page.getByText('KVKK aydınlatma metnini okuduğunuzu onaylamanız gerekiyor').first(),
    ).toBeVisible();
    await shots(page, 'contact-errors');

    await page.getByLabel('Ad soyad').fill('Zeynep Kaya');
    await page.getByLabel('E-posta', { exact: true }).fill('zeynep@example.com');
    await page.getByLabel('Konu').fill('Toptan alım');
    await page
      .getByLabel('Mesajınız')
      .fill('Kafemiz için 40 adet kupa almak istiyoruz; fiyat alabilir miyiz?');
    await page.getByLabel(/aydınlatma metnini okudum/).check();
    await page.getByRole('button', { name: 'Mesajı gönder' }).click();
    await expect(page.locator('.Toastify__toast--success')).toContainText('Mesajınız bize ulaştı');
    await expect(page.getByRole('main').getByRole('status')).toContainText('Mesajınız bize ulaştı');
    // To the shop's contact_email (the demo shop's), answering goes to the visitor.
    await waitForMail('merhaba@vitrinatolye.com.tr', before, /Reply-To: zeynep@example.com/);
  });

  test('a customer with more than 20 tickets pages through them all on Destek', async ({ page }) => {
    await registerCustomer(page.request, `sayfa.${Date.now()}@example.com`, 'Kedi-Mavi-Deniz-7');
    for (let i = 1; i <= 22; i++) {
      const opened = await page.request.post('/api/front/support/tickets', {
        headers: SAME_ORIGIN,
        data: { subject: `Soru ${i}`, message: 'Bu ürün hakkında bir sorum var.' },
      });
      expect(opened.status()).toBe(201);
    }
    await open(page, '/panel/support');
    const list = page.getByTestId('ticket-list');
    await expect(list.getByRole('listitem')).toHaveCount(20);
    await expect(list.getByRole('link').first()).toHaveText('Soru 22');
    const pages = page.getByRole('navigation', { name: 'Sayfalar' });
    await expectNoAxeViolations(page);
    await shots(page, 'panel-support-pages');
    await pages.getByRole('link', { name: 'Sonraki' }).click();
    await expect(page).toHaveURL(/\/panel\/support\?page=2$/);
    await expect(list.getByRole('link')).toHaveText(['Soru 2', 'Soru 1']);
  });

  test('a customer opens a ticket with a photo, the shop answers from the CLI, the customer reads it', async ({
    page,
  }) => {
    const email = `deniz.${Date.now()}@example.com`;
    const registered = await postRegistration(
      page.request,
      {
        firstName: 'Deniz',
        lastName: 'Arslan',
        email,
        phone: '0543 222 33 44',
        password: 'Kedi-Mavi-Deniz-7',
        kvkk: true,
      },
      SAME_ORIGIN,
    );
    expect(registered.status()).toBe(201);

    await open(page, '/panel/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Destek');
    await expect(page.getByText('Henüz bir destek talebiniz yok.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'panel-support');

    const form = page.locator('form[enctype="multipart/form-data"]');
    await form.getByLabel('Konu').fill('Kupam kırık geldi');
    await form.getByLabel('Mesajınız').fill('Kargodan çıkan kupanın kulpu kırıktı, fotoğrafı ekledim.');
    await form
      .getByLabel('Ek dosya')
      .setInputFiles({ name: 'kirik-kupa.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Talebi gönder' }).click();

    await expect(page).toHaveURL(/\/panel\/support\/DT-[A-Z2-9]{8}\?opened=1/);
    const ticketNo = page.url().match(/DT-[A-Z2-9]{8}/)![0];
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Destek talebi ${ticketNo}`);
    await expect(page.locator('[data-status]').first()).toHaveText('Açık');
    const attachment = page.getByRole('link', { name: 'Ek: kirik-kupa.png' });
    await expect(attachment).toBeVisible();
    const file = await page.request.get((await attachment.getAttribute('href'))!);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(file.headers()['x-content-type-options']).toBe('nosniff');

    // The shop answers through the running server's control socket.
    const before = outboxFiles();
    const output = vitrinCli('ticket', 'reply', ticketNo, 'Çok üzüldük! Yenisini bugün kargoya veriyoruz.');
    expect(output).toContain(`${ticketNo}: yanıt eklendi, durum Yanıtlandı.`);
    await waitForMail(email, before, new RegExp(`/panel/support/${ticketNo}`));

    await open(page, `/panel/support/${ticketNo}`);
    await expect(page.locator('[data-status]').first()).toHaveText('Yanıtlandı');
    const shopMessage = page.locator('[data-author="shop"]');
    await expect(shopMessage).toContainText('Yenisini bugün kargoya veriyoruz.');
    await expect(shopMessage).toContainText('destek ekibi');
    await expectNoAxeViolations(page);
    await shots(page, 'panel-support-ticket');

    await page.getByLabel('Mesajınız').fill('Teşekkür ederim, bekliyorum.');
    await page.getByRole('button', { name: 'Yanıtı gönder' }).click();
    await expect(page.locator('[data-author="customer"]').last()).toContainText('Teşekkür ederim');
    await expect(page.locator('[data-status]').first()).toHaveText('Açık');

    await page.getByRole('button', { name: 'Talebi kapat' }).click();
    await expect(page.locator('[data-status]').first()).toHaveText('Kapandı');
    await expect(page.getByRole('button', { name: 'Talebi kapat' })).toHaveCount(0);

    await open(page, '/panel/support');
    await expect(page.getByTestId('ticket-list')).toContainText(ticketNo);
    await expect(page.getByTestId('ticket-list')).toContainText('Kapandı');
    await shots(page, 'panel-support-list');
  });

  test('a customer picks one of their orders on a new ticket; a file over 5 MB is refused in the form', async ({
    page,
  }) => {
    const buyer = { firstName: 'Selin', lastName: 'Kaya', email: `siparis.${Date.now()}@example.com` };
    await registerCustomer(page.request, buyer.email, 'Kedi-Mavi-Deniz-7');
    const orderNo = await placeTransferOrder(page.request, buyer);
    await page.setViewportSize({ width: 1366, height: 768 });
    await open(page, '/panel/support');
    const form = page.locator('form[enctype="multipart/form-data"]');
    await form.getByLabel('Konu').fill('Siparişim eksik geldi');
    await form.getByLabel('İlgili sipariş').selectOption(orderNo);
    await form.getByLabel('Mesajınız').fill('Kolide iki kupa olması gerekirken bir tane çıktı.');
    await form.getByLabel('Ek dosya').setInputFiles(HUGE);
    await form.getByRole('button', { name: 'Talebi gönder' }).click();
    await expect(form.getByRole('alert')).toContainText('Ek dosya en fazla 5 MB olabilir');
    await expect(page).toHaveURL(/\/panel\/support$/);
    await expectNoAxeViolations(page);
    await shots(page, 'panel-support-file-too-large');

    await form.getByLabel('Ek dosya').setInputFiles([]);
    await form.getByRole('button', { name: 'Talebi gönder' }).click();
    await expect(page).toHaveURL(/\/panel\/support\/DT-[A-Z2-9]{8}\?opened=1/);
    await expect(page.getByRole('main')).toContainText(orderNo);
  });
});

test.describe('contact and support without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form is sent as a plain form post and the page says so', async ({ page }) => {
    const before = outboxFiles();
    await page.goto('/contact');
    await page.getByLabel('Ad soyad').fill('Mert Demir');
    await page.getByLabel('E-posta', { exact: true }).fill('mert@example.com');
    await page.getByLabel('Konu').fill('Kişiye özel sipariş');
    await page.getByLabel('Mesajınız').fill('Düğün için 60 adet isimli kupa yaptırabilir miyiz?');
    await page.getByLabel(/aydınlatma metnini okudum/).check();
    await page.getByRole('button', { name: 'Mesajı gönder' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole('main').getByRole('status')).toContainText('Mesajınız bize ulaştı');
    await waitForMail('merhaba@vitrinatolye.com.tr', before, /Reply-To: mert@example.com/);
  });

  test('a customer opens a ticket with an attachment and closes it, all as plain form posts', async ({
    page,
  }) => {
    const registered = await postRegistration(
      page.request,
      {
        firstName: 'Ece',
        lastName: 'Yıldız',
        email: `ece.${Date.now()}@example.com`,
        phone: '0544 333 44 55',
        password: 'Lale-Sari-Ece-42',
        kvkk: true,
      },
      SAME_ORIGIN,
    );
    expect(registered.status()).toBe(201);
    await page.goto('/panel/support');
    const form = page.locator('form[enctype="multipart/form-data"]');
    await form.getByLabel('Konu').fill('Fatura adresi');
    await form.getByLabel('Mesajınız').fill('Faturamdaki adresi değiştirebilir misiniz?');
    await form
      .getByLabel('Ek dosya')
      .setInputFiles({ name: 'adres.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Talebi gönder' }).click();
    await expect(page).toHaveURL(/\/panel\/support\/DT-[A-Z2-9]{8}/);
    await expect(page.locator('[data-status]').first()).toHaveText('Açık');
    await expect(page.getByRole('link', { name: 'Ek: adres.png' })).toBeVisible();
    await page.getByRole('button', { name: 'Talebi kapat' }).click();
    await expect(page.locator('[data-status]').first()).toHaveText('Kapandı');
  });

  test('an attachment over the 6 MB form limit shows the form again with a Turkish message', async ({
    page,
  }) => {
    await registerCustomer(page.request, `buyuk.${Date.now()}@example.com`, 'Lale-Sari-Ece-42');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/panel/support');
    const form = page.locator('form[enctype="multipart/form-data"]');
    await form.getByLabel('Konu').fill('Video ekledim');
    await form.getByLabel('Mesajınız').fill('Kargonun açılış videosunu ekliyorum.');
    await form.getByLabel('Ek dosya').setInputFiles(HUGE);
    const [answer] = await Promise.all([
      page.waitForResponse((res) => res.request().method() === 'POST'),
      form.getByRole('button', { name: 'Talebi gönder' }).click(),
    ]);
    expect(answer.status()).toBe(413);
    await expect(page).toHaveURL(/\/panel\/support$/);
    await expect(page.getByRole('alert')).toContainText('Gönderdiğiniz form çok büyük (en fazla 6 MB)');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Destek');
    await expect(form.getByLabel('Konu')).toBeVisible();
    await shots(page, 'panel-support-form-too-large-nojs');
  });
});
