import type { AttachmentUpload, Services } from '@vitrin/core';
import { attachmentTooLarge } from '@vitrin/core/support/errors';
import type { Failure, FormFields } from '@vitrin/shared/api/account-context';
import { CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_MS } from '@vitrin/shared/api/contact';
import type { ContactContext, SupportContext } from '@vitrin/shared/api/support-context';
import { MAX_ATTACHMENT_BYTES } from '@vitrin/shared/ticket-status';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountOf } from '../sessions/account.ts';
import { RATE_LIMIT_CODE } from '../sessions/account-limits.ts';
import { forCustomer } from './customer.ts';
import { refusal, resultOf } from './results.ts';

/** A domain refusal as a result; anything else is a bug and goes up. */
export const runSupport = resultOf;

export const contactRateLimitMessage = (seconds: number) =>
  `Kısa sürede çok fazla mesaj gönderildi. Lütfen ${Math.ceil(seconds / 60)} dakika sonra yeniden deneyin.`;

/** Counts one contact message of this address; the refusal when it is over its allowance (Retry-After set). */
export type ContactLimiter = (request: FastifyRequest, reply: FastifyReply) => Promise<Failure | null>;

/** 5 messages per IP address in 10 minutes; the REST route and the page's form share one count. */
export function createContactLimiter(app: FastifyInstance): ContactLimiter {
  const limiter = app.createRateLimit({
    max: CONTACT_MAX_PER_WINDOW,
    timeWindow: CONTACT_WINDOW_MS,
    keyGenerator: (request) => request.ip,
  });
  return async (request, reply) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return null;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(seconds));
    return refusal(429, RATE_LIMIT_CODE, contactRateLimitMessage(seconds));
  };
}

export function createContactContext(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  limit: ContactLimiter,
): ContactContext {
  return {
    async send(fields: FormFields) {
      const refused = await limit(request, reply);
      if (refused) return refused;
      return runSupport(async () => {
        await services.contact.send(fields, { ip: request.ip });
        return undefined;
      });
    },
  };
}

/** The posted `file` of a form (a web `File`), or null when none was chosen. */
export async function uploadOf(fields: FormFields): Promise<AttachmentUpload | null> {
  const file = fields.file;
  if (!(file instanceof Blob) || file.size === 0) return null;
  // Refused before reading: the page's action may hand over anything the browser sent.
  if (file.size > MAX_ATTACHMENT_BYTES) {
    throw attachmentTooLarge();
  }
  const name = 'name' in file && typeof file.name === 'string' ? file.name : '';
  return { bytes: Buffer.from(await file.arrayBuffer()), name };
}

const textFields = (fields: FormFields) => {
  const { file: _file, ...rest } = fields;
  return rest;
};

/** The support pages' part of the load context: the same service calls as `api/support/routes.ts`. */
export function createSupportContext(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  accountOf: AccountOf,
): SupportContext {
  const { support } = services;
  const asCustomer = <T>(work: (customerId: number) => Promise<T>) =>
    forCustomer(accountOf, request, reply, work);
  return {
    list: (page) => asCustomer((id) => support.list(id, { page })),
    open: (fields) => asCustomer(async (id) => support.open(id, textFields(fields), await uploadOf(fields))),
    detail: (ticketNo) => asCustomer((id) => support.detail(id, ticketNo)),
    reply: (ticketNo, fields) =>
      asCustomer(async (id) => support.reply(id, ticketNo, textFields(fields), await uploadOf(fields))),
    close: (ticketNo) => asCustomer((id) => support.close(id, ticketNo)),
  };
}
