import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { E2E_PORT } from './playwright.config.ts';

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };

/** Orders the products as the logged-in customer (transfer) and has the owner deliver the order: its number. */
export async function deliveredOrder(
  shopper: APIRequestContext,
  staff: APIRequestContext,
  email: string,
  ids: number[],
) {
  for (const productId of ids) {
    const added = await shopper.post('/api/front/cart/items', {
      headers: SAME_ORIGIN,
      data: { productId, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const placed = await shopper.post('/api/front/checkout', {
    headers: { ...SAME_ORIGIN, 'idempotency-key': randomUUID() },
    data: {
      email,
      phone: '0533 765 43 21',
      shippingAddress: {
        firstName: 'Ayşe',
        lastName: 'Yılmaz',
        phone: '0533 765 43 21',
        provinceCode: 35,
        district: 'Karşıyaka',
        line: 'Bostanlı Mah. Cemal Gürsel Cad. No: 10 D: 4',
        billingType: 'individual',
        tcKimlikNo: '10000000146',
      },
      billingSameAsShipping: true,
      paymentMethod: 'transfer',
      acceptTerms: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderNo } = await placed.json();
  const steps = [
    { status: ORDER_STATE.Preparing },
    { status: ORDER_STATE.Shipped, cargoCompany: 'yurtici', trackingNo: 'YK123456789' },
    { status: ORDER_STATE.InTransit },
    { status: ORDER_STATE.Delivered },
  ];
  for (const data of steps) {
    const moved = await staff.post(`/api/admin/orders/${orderNo}/status`, { headers: SAME_ORIGIN, data });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return orderNo as string;
}
