import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_PORT } from './playwright.config.ts';
import { listedProducts } from './support.ts';

// Writes with the session cookie must come from the shop's own pages (the same-origin check).
const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };

/**
 * A guest's order of one product in stock, placed through the storefront API as the checkout page does
 * (Havale / EFT, billing the same as shipping): its number. `request` holds the shopper's cart cookie.
 */
export async function placeTransferOrder(
  request: APIRequestContext,
  buyer: { email: string; firstName: string; lastName: string },
): Promise<string> {
  return (await placeOrder(request, buyer, 'transfer')).orderNo;
}

/** The same with any payment method: the order's number and where the shop sends the shopper next. */
export async function placeOrder(
  request: APIRequestContext,
  buyer: { email: string; firstName: string; lastName: string },
  paymentMethod: 'transfer' | 'card',
): Promise<{ orderNo: string; next: string }> {
  const product = (await listedProducts(request)).find((p) => p.stockType === 1 && p.inStock && p.price)!;
  const added = await request.post('/api/front/cart/items', {
    headers: SAME_ORIGIN,
    data: { productId: product.id, quantity: 1 },
  });
  expect(added.ok()).toBe(true);
  return checkOutCart(request, buyer, paymentMethod);
}

/**
 * Checks out what the cart of `request` holds, as the checkout page does (to an İzmir address, billing the
 * same as shipping): the order's number and where the shop sends the shopper next.
 */
export async function checkOutCart(
  request: APIRequestContext,
  buyer: { email: string; firstName: string; lastName: string },
  paymentMethod: 'transfer' | 'card',
): Promise<{ orderNo: string; next: string }> {
  const placed = await request.post('/api/front/checkout', {
    headers: { ...SAME_ORIGIN, 'idempotency-key': randomUUID() },
    data: {
      email: buyer.email,
      phone: '0533 765 43 21',
      shippingAddress: {
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        phone: '0533 765 43 21',
        provinceCode: 35,
        district: 'Karşıyaka',
        line: 'Bostanlı Mah. Cemal Gürsel Cad. No: 10 D: 4',
        billingType: 'individual',
        tcKimlikNo: '10000000146',
      },
      billingSameAsShipping: true,
      paymentMethod,
      acceptTerms: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return placed.json();
}
