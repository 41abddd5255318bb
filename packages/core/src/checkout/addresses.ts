import type { CheckoutData } from '@vitrin/shared/api/cart-requests';
import { and, eq } from 'drizzle-orm';
import { toOrderAddress } from '../customers/addresses.ts';
import type { Db } from '../db/client.ts';
import { addresses, type OrderAddress } from '../db/schema.ts';
import { DomainError, invalidRequest } from '../errors.ts';

export const addressNotFound = () => new DomainError(404, 'ADRES_BULUNAMADI', 'Adres bulunamadı.');

/** A saved address of this customer; anyone else's (or a guest asking for one) is ADRES_BULUNAMADI. */
async function saved(tx: Db, customerId: number | null, id: number): Promise<OrderAddress> {
  if (customerId === null) throw addressNotFound();
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
  if (!row) throw addressNotFound();
  return toOrderAddress(row);
}

/**
 * The order's addresses, copied (the address book may change later; the order must not). A saved address
 * is taken over a typed one. A cart that is shipped needs a shipping address; every order needs a billing
 * address with its invoice details (the schemas already checked T.C. kimlik no / VKN).
 */
export async function resolveAddresses(
  tx: Db,
  data: CheckoutData,
  customerId: number | null,
  needsShipping: boolean,
): Promise<{ shipping: OrderAddress | null; billing: OrderAddress }> {
  let shipping: OrderAddress | null = null;
  if (data.shippingAddressId !== undefined) shipping = await saved(tx, customerId, data.shippingAddressId);
  else if (data.shippingAddress) shipping = toOrderAddress(data.shippingAddress);

  let billing: OrderAddress | null = null;
  if (data.billingSameAsShipping) billing = shipping;
  else if (data.billingAddressId !== undefined) billing = await saved(tx, customerId, data.billingAddressId);
  else if (data.billingAddress) billing = toOrderAddress(data.billingAddress);

  const missing: Record<string, string> = {};
  if (needsShipping && !shipping) missing.shippingAddress = 'Teslimat adresini girin';
  if (!billing && data.billingSameAsShipping)
    missing.shippingAddress ??= 'Fatura için teslimat adresini girin';
  else if (!billing) missing.billingAddress = 'Fatura adresini girin';
  if (Object.keys(missing).length) throw invalidRequest(missing);
  // A virtual-only order is not shipped: an address given anyway is kept only as the billing address.
  return { shipping: needsShipping ? shipping : null, billing: billing! };
}
