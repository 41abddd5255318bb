import { DomainError, type Services } from '@vitrin/core';
import type { FormFields } from '@vitrin/shared/api/account-context';
import type { OrdersContext } from '@vitrin/shared/api/orders-context';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AccountOf, customerIdOf } from '../sessions/account.ts';
import { cartRequest, claimOwner } from './cart-request.ts';
import { forCustomer } from './customer.ts';
import { resultOf } from './results.ts';

/** A domain refusal (order, payment or cart) as a result; anything else is a bug and goes up. */
const run = resultOf;

/**
 * The order pages' part of the load context: the same service calls as the REST routes of
 * `api/orders/routes.ts` and `api/orders/payments.ts`, for this request's customer or guest link.
 */
export function createOrdersContext(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  accountOf: AccountOf,
): OrdersContext {
  const customerId = () => customerIdOf(accountOf, request, reply);
  const asCustomer = <T>(work: (id: number) => Promise<T>) => forCustomer(accountOf, request, reply, work);
  const viewer = async (token?: string | null) => ({
    customerId: await customerId(),
    token: token ?? undefined,
  });
  return {
    list: (page) => asCustomer((id) => services.orders.list(id, { page })),
    // Back on the order page after a card payment: a result not yet come is looked up first.
    detail: async (orderNo, token) =>
      run(async () => {
        const order = await services.orders.detail(orderNo, await viewer(token));
        // The e-invoice's PDF as the shop keeps it, once issued (issue 42).
        const invoicePdfUrl = await services.einvoicing.shopperPdfUrl(order.orderNo, token);
        if (order.paymentMethod !== 'card' || order.paymentStatus !== 'pending')
          return { ...order, invoicePdfUrl };
        await services.payments.lookUpForOrderNo(orderNo);
        return { ...(await services.orders.detail(orderNo, await viewer(token))), invoicePdfUrl };
      }),
    cancel: async (orderNo, token) => run(async () => services.orders.cancel(orderNo, await viewer(token))),
    async reorder(orderNo, token) {
      return run(async () => {
        const order = await services.orders.detail(orderNo, await viewer(token));
        const cart = await cartRequest(request, reply, accountOf);
        const owner = claimOwner(request, reply, cart);
        let added = 0;
        let skipped = 0;
        // Each line on its own: what is no longer sold or in stock is skipped, the rest goes in.
        for (const line of order.lines) {
          if (line.productId === null) {
            skipped++;
            continue;
          }
          try {
            await services.cart.add(
              owner,
              {
                productId: line.productId,
                ...(line.variantId !== null ? { variantId: line.variantId } : {}),
                quantity: line.quantity,
                ...(line.personalization ? { personalization: line.personalization } : {}),
              },
              cart.buyer,
            );
            added++;
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            skipped++;
          }
        }
        return { added, skipped };
      });
    },
    paymentSession: async (orderNo, token) =>
      run(async () =>
        services.payments.session({ order: orderNo, ...(token ? { token } : {}) }, await customerId()),
      ),
    payByCard: async (fields: FormFields) =>
      run(async () => services.payments.payByCard(fields, await customerId())),
    verifyPayment: async (fields: FormFields) => run(() => services.payments.verify(fields)),
    guestOrders: () => asCustomer((id) => services.guestOrders.count(id)),
    requestGuestOrdersLink: () => asCustomer((id) => services.guestOrders.requestLink(id)),
    linkGuestOrders: (token) => asCustomer((id) => services.guestOrders.confirm(id, token)),
  };
}
