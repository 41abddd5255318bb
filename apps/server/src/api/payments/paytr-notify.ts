import { DomainError, type Services } from '@vitrin/core';
import { fieldMessages, z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { readFormBodies } from './form-body.ts';

/** The fields PayTR's notification must have (iFrame API, step 2); the others are passed on as sent. */
const notification = z.looseObject({
  merchant_oid: z
    .string({ error: 'merchant_oid gerekli' })
    .regex(/^[A-Za-z0-9]{1,64}$/, 'Geçersiz merchant_oid'),
  status: z.enum(['success', 'failed'], { error: "status 'success' ya da 'failed' olmalı" }),
  total_amount: z.string({ error: 'total_amount gerekli' }).regex(/^\d{1,12}$/, 'Geçersiz total_amount'),
  hash: z.string({ error: 'hash gerekli' }).min(1, 'hash gerekli').max(200, 'Geçersiz hash'),
});

/**
 * PayTR's payment notification (`POST /api/payments/paytr/notify`, the "Bildirim URL" the owner enters in
 * PayTR's merchant panel): form-encoded, server to server, no cookie. Its hash is checked (constant time)
 * and its amount against the attempt before the payment service counts it once; the answer is the text `OK`
 * the first time and on every repeat (PayTR sends again until it reads OK, and a repeat changes nothing).
 *
 * It is public: a forged hash, an unknown order and a wrong amount all get the same 400
 * ODEME_IMZASI_GECERSIZ (logged), so the route tells nobody whether an order exists; bad input is a 4xx,
 * never a 5xx. Only a failure of ours (the database) is a 5xx, which PayTR answers by asking again.
 */
export async function registerPaytrNotifyRoute(app: FastifyInstance, services: Services) {
  await app.register(async (scope) => {
    readFormBodies(scope);

    scope.post(
      '/api/payments/paytr/notify',
      // PayTR calls from a few addresses, one notification per payment and its retries.
      { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const parsed = notification.safeParse(request.body ?? {});
        if (!parsed.success) {
          throw new HttpError(
            400,
            'GECERSIZ_ISTEK',
            'PayTR bildirimi eksik ya da hatalı.',
            fieldMessages(parsed.error),
          );
        }
        try {
          await services.payments.notify('paytr', parsed.data);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          request.log.warn({ code: err.code }, 'PayTR notification refused');
          throw new HttpError(err.status, err.code, err.message);
        }
        return reply.type('text/plain; charset=utf-8').send('OK');
      },
    );
  });
}
