import type { StaffAccount } from '@vitrin/core/staff/accounts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { StaffOf } from '../../sessions/staff-session.ts';
import { STAFF_SESSION_REQUIRED_MESSAGE } from '../route.ts';

/** The staff member of a request the route's check let through (the check looked them up already). */
export async function signedIn(staffOf: StaffOf, request: FastifyRequest): Promise<StaffAccount> {
  const account = await staffOf(request);
  // Only when the session ended between the check and here.
  if (!account) throw new HttpError(401, 'YONETICI_OTURUMU_GEREKLI', STAFF_SESSION_REQUIRED_MESSAGE);
  return account;
}

/** The audit actor of a request's staff member. */
export const staffActor = (account: StaffAccount) => ({ kind: 'staff' as const, staffId: account.id });
