import type { Result } from '@vitrin/shared/api/account-context';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AccountOf, customerIdOf, SESSION_REQUIRED_MESSAGE } from '../sessions/account.ts';
import { refusal, resultOf } from './results.ts';

/**
 * Runs `work` for the logged-in customer, a domain refusal as a result, or 401 OTURUM_GECERSIZ: who asks for
 * a customer's own orders, guest-order links and support tickets, the same for the REST routes and the pages.
 */
export async function forCustomer<T>(
  accountOf: AccountOf,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (customerId: number) => Promise<T>,
): Promise<Result<T>> {
  const id = await customerIdOf(accountOf, request, reply);
  if (id === null) return refusal(401, 'OTURUM_GECERSIZ', SESSION_REQUIRED_MESSAGE);
  return resultOf(() => work(id));
}
