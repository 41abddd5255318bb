import type { OrderAddressView } from '../api/orders.ts';

/**
 * A T.C. kimlik no as a shopper, a shared order link or an e-mail may show it: the first three and the
 * last two digits (`100******46`), enough to recognise one's own number and useless to anyone else
 * (KVKK: an order page's link can be forwarded, an e-mail read over a shoulder).
 */
export function maskTcKimlikNo(value: string): string {
  if (value.length <= 5) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 5)}${value.slice(-2)}`;
}

/** An order's address with its T.C. kimlik no masked; the clear number stays in the database for the invoice. */
export function withMaskedId<T extends OrderAddressView | null>(address: T): T {
  if (!address?.tcKimlikNo) return address;
  return { ...address, tcKimlikNo: maskTcKimlikNo(address.tcKimlikNo) };
}
