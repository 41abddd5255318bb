import { expect, test } from '@playwright/test';
import { placeOrder } from './checkout-api.ts';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots } from './support.ts';

test.describe.configure({ timeout: 240_000 });

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };

test('an owner refunds one line of a card order from the order page: amount shown, refunded once, in the history', async ({
  page,
  context,
  playwright,
}) => {
  // A guest's card order paid with the demo shop's test bank, as the payment page does it.
  const shopper = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const email = `iade.${Date.now()}@example.com`;
  const { orderNo, next } = await placeOrder(
    shopper,
    { email, firstName: 'Ayşe', lastName: 'Yılmaz' },
    'card',
  );
  const token = new URL(next, 'http://x').searchParams.get('token')!;
  const step = await shopper.post('/api/front/payments/card', {
    headers: SAME_ORIGIN,
    data: {
      order: orderNo,
      token,
      cardNumber: '4242424242424242',
      holder: 'AYSE YILMAZ',
      expiryMonth: '12',
      expiryYear: '2030',
      cvc: '123',
    },
  });
  expect(step.status(), await step.text()).toBe(201);
  const paid = await shopper.post('/api/front/payments/verify', {
    headers: SAME_ORIGIN,
    data: { challenge: (await step.json()).challenge, code: '123456' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await shopper.dispose();

  await logInStaff(context, createStaff('owner', 'İade Sahibi'));
  await page.goto(`/admin/siparisler/${orderNo}`);
  const payment = page.getByRole('region', { name: 'Ödeme' });
  await expect(payment).toContainText('Ödendi');
  await payment.getByRole('button', { name: 'Satır iade et' }).click();

  const dialog = page.getByRole('dialog', { name: 'Satır iadesi' });
  await expect(dialog).toBeVisible();
  // Nothing chosen: nothing to confirm.
  await expect(dialog.getByRole('button', { name: /iade et$/ })).toBeDisabled();
  const line = dialog.getByRole('combobox').first();
  await line.selectOption({ index: 1 });
  const amount = (await dialog.getByText('İade tutarı:').locator('strong').textContent())!;
  expect(amount).toMatch(/₺|TL/);
  await shots(page, 'admin-refund-dialog');
  await expectNoAxeViolations(page);
  const confirm = dialog.getByRole('button', { name: `${amount} iade et` });
  // A double click is one refund.
  await confirm.dblclick();
  await expect(dialog).toBeHidden();

  await expect(payment.getByRole('list', { name: 'Kart iadeleri' })).toContainText(
    `Satır iadesi · ${amount}`,
  );
  await expect(payment.getByRole('list', { name: 'Kart iadeleri' }).getByRole('listitem')).toHaveCount(1);
  await expect(payment).toContainText('iade edildi');
  const history = page.getByRole('region', { name: 'Geçmiş' });
  await expect(history).toContainText(`Kart iadesi: ${amount}`);
  // The only line had one unit: nothing is left to refund.
  await expect(payment.getByRole('button', { name: 'Satır iade et' })).toHaveCount(0);
  await shots(page, 'admin-refund-done');
  await expectNoAxeViolations(page);

  // Asked again through the API, the line is refused in Turkish.
  const items = await page.request.get(`/api/admin/orders/${orderNo}/refunds`);
  const itemId = (await items.json()).lines[0].itemId;
  const again = await page.request.post(`/api/admin/orders/${orderNo}/refunds`, {
    headers: SAME_ORIGIN,
    data: { key: `e2e-refund-again-${Date.now()}`, lines: [{ itemId, quantity: 1 }] },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.code).toBe('IADE_EDILDI');
});
