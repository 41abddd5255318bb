import { type APIRequestContext, expect } from '@playwright/test';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { checkOutCart } from './checkout-api.ts';
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
  const { orderNo } = await checkOutCart(
    shopper,
    { email, firstName: 'Ayşe', lastName: 'Yılmaz' },
    'transfer',
  );
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
  return orderNo;
}
