import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { type GeliverContractServer, startGeliverServer } from '@vitrin/testing/geliver-server';
import { placeTransferOrder } from './checkout-api.ts';
import { E2E_PORT, GELIVER_E2E_TOKEN, GELIVER_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots, vitrinCli } from './support.ts';

test.describe.configure({ timeout: 240_000 });

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };

/** Geliver's contract server for this file; the shop goes back to labels by hand afterwards. */
let geliver: GeliverContractServer | undefined;
test.beforeAll(async () => {
  geliver = await startGeliverServer({ port: GELIVER_PORT, token: GELIVER_E2E_TOKEN, offerReads: 1 });
});
test.afterAll(async () => {
  vitrinCli('settings', 'set', 'shipping_provider', 'manual');
  vitrinCli('settings', 'set', 'shipping_sender', '');
  await geliver?.close();
});

test('an owner chooses Geliver in the settings, buys an order’s label on its page and prints it, alone and with the orders list', async ({
  page,
  context,
  playwright,
}) => {
  await logInStaff(context, createStaff('owner', 'Kargo Sahibi'));

  // The settings: the carrier and the sender address, a bad posta kodu refused in Turkish first.
  await page.goto('/admin/ayarlar#kargo');
  const settings = page.getByRole('region', { name: 'Kargo entegrasyonu' });
  await expect(settings.getByLabel('Kargo etiketi')).toHaveValue('manual');
  await settings.getByLabel('Kargo etiketi').selectOption({ label: 'Geliver' });
  await settings.getByLabel('İl', { exact: true }).fill('İstanbul');
  await settings.getByLabel('İlçe', { exact: true }).fill('Kadıköy');
  await settings.getByLabel('Adres', { exact: true }).fill('Caferağa Mah. Moda Cad. No: 12');
  await settings.getByLabel('Posta kodu').fill('3471');
  await settings.getByRole('button', { name: /Kaydet/ }).click();
  await expect(settings.getByText('Posta kodu 5 rakam olmalı')).toBeVisible();
  await shots(page, 'admin-shipping-settings-error');
  await expectNoAxeViolations(page);
  await settings.getByLabel('Posta kodu').fill('34710');
  await settings.getByRole('button', { name: /Kaydet/ }).click();
  await expect(settings.getByRole('status')).toHaveText('Kaydedildi.');
  expect(vitrinCli('settings', 'get', 'shipping_provider')).toContain('geliver');

  // An order paid by transfer and being prepared: ready to ship.
  const shopper = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const orderNo = await placeTransferOrder(shopper, {
    email: `kargo.${Date.now()}@example.com`,
    firstName: 'Deniz',
    lastName: 'Kaya',
  });
  await shopper.dispose();
  const prepared = await page.request.post(`/api/admin/orders/${orderNo}/status`, {
    headers: SAME_ORIGIN,
    data: { status: ORDER_STATE.Preparing },
  });
  expect(prepared.ok(), await prepared.text()).toBe(true);

  await page.goto(`/admin/siparisler/${orderNo}`);
  const label = page.getByRole('region', { name: 'Kargo etiketi' });
  await expect(label).toContainText('Geliver üzerinden alınır');
  await expect(label.getByLabel('Ağırlık (kg)')).toHaveValue('1');
  // A weight that is no number: the API's Turkish message under the field, nothing bought.
  await label.getByLabel('Ağırlık (kg)').fill('iki');
  await label.getByRole('button', { name: 'Kargo etiketi al' }).click();
  await expect(label.getByText('Ağırlık (kg) sayı olmalı')).toBeVisible();
  expect(geliver!.labelPurchases()).toBe(0);
  await shots(page, 'admin-shipping-order-form');
  await expectNoAxeViolations(page);

  await label.getByLabel('Ağırlık (kg)').fill('1,5');
  await label.getByLabel('Desi').fill('3');
  await label.getByRole('button', { name: 'Kargo etiketi al' }).click();
  const shipments = label.getByRole('list', { name: 'Kargo gönderileri' });
  await expect(shipments).toContainText('etiket alındı');
  await expect(label.getByRole('button', { name: 'Kargo etiketi al' })).toHaveCount(0);
  const tracking = shipments.getByRole('link').first();
  await expect(tracking).toHaveAttribute('href', /^https:\/\//);
  const trackingNo = (await tracking.textContent())!.trim();
  expect(trackingNo).toMatch(/^[A-Z0-9]+$/);
  expect(geliver!.labelPurchases()).toBe(1);
  // The order moved to Kargoya Verildi with the tracking number.
  await expect(page.getByRole('region', { name: 'Kargo', exact: true })).toContainText(trackingNo);
  await expect(page.getByText('Kargoya Verildi').first()).toBeVisible();
  await shots(page, 'admin-shipping-order-label');
  await expectNoAxeViolations(page);

  // The label's PDF, as the link opens it with the owner's session.
  const print = shipments.getByRole('link', { name: /Etiketi yazdır/ });
  const href = (await print.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^/api/admin/orders/${orderNo}/shipments/\\d+/label$`));
  const popup = context.waitForEvent('page');
  await print.click();
  const opened = await popup;
  expect(opened.url()).toContain(href);
  await opened.close();
  const pdf = await page.request.get(href);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect((await pdf.body()).toString('latin1')).toContain(trackingNo);

  // The orders list prints the ticked orders' labels as one PDF.
  await page.goto('/admin/siparisler');
  await page.getByRole('checkbox', { name: `${orderNo} siparişini seç` }).check();
  const labels = page.getByRole('region', { name: 'Kargo etiketleri' });
  const download = page.waitForEvent('download');
  await labels.getByRole('button', { name: 'Etiketleri yazdır' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('kargo-etiketleri.pdf');
  const merged = readFileSync((await file.path())!);
  expect(merged.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(merged.toString('latin1')).toContain(trackingNo);
  await expect(labels.getByRole('status')).toContainText('1 siparişin etiketi indirildi');
  await shots(page, 'admin-shipping-orders-labels');
  await expectNoAxeViolations(page);
});

test('an owner cancels a label bought by mistake and buys a new one, sees Geliver’s health in the settings, and opens a return for the delivered order', async ({
  page,
  context,
  playwright,
}) => {
  vitrinCli('settings', 'set', 'shipping_provider', 'geliver');
  vitrinCli(
    'settings',
    'set',
    'shipping_sender',
    JSON.stringify({
      city: 'İstanbul',
      district: 'Kadıköy',
      address: 'Caferağa Mah. Moda Cad. No: 12',
      postalCode: '34710',
    }),
  );
  await logInStaff(context, createStaff('owner', 'İade Sahibi'));
  const shopper = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const orderNo = await placeTransferOrder(shopper, {
    email: `iade.${Date.now()}@example.com`,
    firstName: 'Ece',
    lastName: 'Yıldız',
  });
  const moveTo = async (status: number) => {
    const moved = await page.request.post(`/api/admin/orders/${orderNo}/status`, {
      headers: SAME_ORIGIN,
      data: { status },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  };
  await moveTo(ORDER_STATE.Preparing);
  const bought = geliver!.purchases.length;

  await page.goto(`/admin/siparisler/${orderNo}`);
  const box = page.getByRole('region', { name: 'Kargo etiketi' });
  const shipments = box.getByRole('list', { name: 'Kargo gönderileri' });
  await box.getByRole('button', { name: 'Kargo etiketi al' }).click();
  await expect(shipments).toContainText('etiket alındı');
  const firstNo = (await shipments.getByRole('link').first().textContent())!.trim();
  expect(geliver!.purchases.length).toBe(bought + 1);
  const first = geliver!.purchases[bought]!.shipmentId;

  // The label bought by mistake: the confirm says what happens to it and to the order.
  await box.getByRole('button', { name: /^Etiketi iptal et/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Etiket iptal edilsin mi?' });
  await expect(confirm).toContainText(firstNo);
  await expect(confirm).toContainText('“Kargoya Verildi” durumunda kalır');
  // Geliver down: the dialog says nothing was cancelled and to try again; the label stays bought.
  geliver!.failNext(1, { status: 500 }, { method: 'DELETE' });
  await confirm.getByRole('button', { name: 'Etiketi iptal et' }).click();
  await expect(confirm.getByRole('alert')).toContainText('Sipariş değişmedi ve etiket iptal edilmedi');
  expect(geliver!.shipment(first)?.statusCode).not.toBe('CANCELED');
  await shots(page, 'admin-shipping-cancel-confirm');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Etiketi iptal et' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(box.getByRole('status')).toContainText('Etiket iptal edildi');
  await expect(shipments).toContainText('iptal edildi');
  await expect(shipments.getByRole('link', { name: /Etiketi yazdır/ })).toHaveCount(0);
  expect(geliver!.shipment(first)?.statusCode).toBe('CANCELED');
  // The order keeps its state; a new label is offered and bought in Kargoya Verildi.
  const summary = page.getByRole('link', { name: 'Tüm siparişler' }).locator('..');
  await expect(summary).toContainText('Kargoya Verildi');
  await expect(box).toContainText('Yeni etiket Geliver üzerinden alınır');
  await shots(page, 'admin-shipping-label-cancelled');
  await expectNoAxeViolations(page);
  await box.getByRole('button', { name: 'Kargo etiketi al' }).click();
  await expect(shipments.getByRole('link', { name: /Etiketi yazdır/ })).toHaveCount(1);
  expect(geliver!.purchases.length).toBe(bought + 2);
  const secondNo = (await shipments.getByRole('link').first().textContent())!.trim();
  expect(secondNo).not.toBe(firstNo);
  await expect(page.getByRole('region', { name: 'Kargo', exact: true })).toContainText(secondNo);
  await expect(shipments).toContainText('iptal edildi');

  // Geliver tells the shop the parcel moved: the shop reads it back, which is the health's last good read.
  const hint = await shopper.post('/api/shipping/geliver/webhook', {
    data: {
      event: 'TRACK_UPDATED',
      data: { id: geliver!.purchases[bought + 1]!.shipmentId, statusCode: 'TRACKING_CODE_CREATED' },
    },
  });
  expect(hint.ok(), await hint.text()).toBe(true);
  await shopper.dispose();

  await page.goto('/admin/ayarlar#kargo');
  const health = page.getByRole('region', { name: 'Kargo bağlantısı' });
  await expect(health).toContainText('15 dakikada bir');
  const card = health.getByRole('article', { name: 'Geliver' });
  await expect(card).toContainText('Seçili');
  await expect(card).toContainText('Çalışıyor');
  await expect(card.locator('dt:text-is("Anahtarlar") + dd')).toHaveText('Tanımlı');
  await expect(card.locator('dt:text-is("Son başarılı yanıt") + dd')).toHaveText(/\d{4}/);
  await expect(card.locator('dt:text-is("Açık gönderiler") + dd')).not.toHaveText('0');
  await expect(health.getByRole('article', { name: 'Yurtiçi Kargo' })).toContainText(
    'Tanımlı değil (YURTICI_USERNAME ve YURTICI_PASSWORD)',
  );
  await health.scrollIntoViewIfNeeded();
  await shots(page, 'admin-shipping-health');
  await expectNoAxeViolations(page);

  // Delivered: the shop opens a return shipment; the shopper gets its code by e-mail.
  await moveTo(ORDER_STATE.InTransit);
  await moveTo(ORDER_STATE.Delivered);
  await page.goto(`/admin/siparisler/${orderNo}`);
  await expect(box.getByRole('button', { name: /^Etiketi iptal et/ })).toHaveCount(0);
  await box.getByRole('button', { name: 'İade kargosu oluştur' }).click();
  const returnDialog = page.getByRole('dialog', { name: 'İade kargosu oluşturulsun mu?' });
  await expect(returnDialog).toContainText('iade kodu ve takip bağlantısı e-postayla gider');
  await shots(page, 'admin-shipping-return-confirm');
  await expectNoAxeViolations(page);
  await returnDialog.getByRole('button', { name: 'İade kargosu oluştur' }).click();
  await expect(returnDialog).toHaveCount(0);
  await expect(box.getByRole('status')).toContainText('İade kargosu oluşturuldu');
  const returnLine = shipments.getByRole('listitem').filter({ hasText: 'İade ·' });
  await expect(returnLine).toContainText('iade kodu alındı');
  await expect(returnLine).toContainText(/İade kodu: \S+/);
  await expect(returnLine.getByRole('link', { name: /İade etiketini yazdır/ })).toBeVisible();
  expect(geliver!.purchases.filter((p) => p.isReturn)).toHaveLength(1);
  await expect(box.getByRole('button', { name: 'İade kargosu oluştur' })).toHaveCount(0);
  await shots(page, 'admin-shipping-return');
  await expectNoAxeViolations(page);
});
