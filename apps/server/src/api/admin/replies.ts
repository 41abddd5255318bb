import type { StaffAccount } from '@vitrin/core/staff/accounts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { StaffOf } from '../../sessions/staff-session.ts';
import { STAFF_SESSION_REQUIRED_MESSAGE } from '../route.ts';

/**
 * Runs a domain operation whose refusals `toHttp` turns into answers (it gives undefined for any other
 * error, which goes on to the shop's error handler).
 */
export async function refusalsAs<T>(
  toHttp: (err: unknown) => HttpError | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toHttp(err) ?? err;
  }
}

/** The staff member of a request the route's check let through (the check looked them up already). */
export async function signedIn(staffOf: StaffOf, request: FastifyRequest): Promise<StaffAccount> {
  const account = await staffOf(request);
  // Only when the session ended between the check and here.
  if (!account) throw new HttpError(401, 'YONETICI_OTURUMU_GEREKLI', STAFF_SESSION_REQUIRED_MESSAGE);
  return account;
}

/** The audit actor of a request's staff member. */
export const staffActor = (account: StaffAccount) => ({ kind: 'staff' as const, staffId: account.id });
