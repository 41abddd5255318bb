import type { Services } from '@vitrin/core';
import { STOCK_ALERT_SENT_MESSAGE, stockAlertInput } from '@vitrin/shared/api/stock-alerts';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { resultOf } from '../../storefront/results.ts';
import { bodyOf, sendResult } from '../account/replies.ts';
import { apiRoutes, errorAnswer, maintenance } from '../route.ts';

/**
 * "Gelince haber ver": a request mails a confirmation link (the product page's `?stok-bildirimi=` that
 * posts the token back here); a confirmed wish gets one e-mail when the product is in stock again.
 */
export function registerStockAlertRoutes(app: FastifyInstance, services: Services) {
  const route = apiRoutes(app);

  route({
    method: 'POST',
    url: '/api/front/stock-alerts',
    summary:
      'Gelince haber ver: mails a confirmation link to the address (KVKK consent required); once confirmed, one e-mail when the sold-out product or variant is in stock again. The same answer for a new or a repeated request',
    tag: 'Mağaza: katalog',
    body: stockAlertInput,
    responses: {
      202: { description: 'Link sent', schema: z.object({ ok: z.literal(true), message: z.string() }) },
      400: errorAnswer('GECERSIZ_ISTEK: e-mail, product or KVKK consent missing or invalid'),
      404: errorAnswer('URUN_BULUNAMADI'),
      409: errorAnswer('STOKTA_VAR: the product can be bought now'),
      429: errorAnswer('COK_FAZLA_ISTEK: five confirmation mails to one address in an hour'),
      ...maintenance,
    },
    handler: async (request, reply) =>
      sendResult(reply, await resultOf(() => services.stockAlerts.request(bodyOf(request.body))), () => ({
        status: 202,
        body: { ok: true, message: STOCK_ALERT_SENT_MESSAGE },
      })),
  });

  route({
    method: 'POST',
    url: '/api/front/stock-alerts/confirm',
    summary:
      'Confirms a request with the token of its e-mailed link (valid 7 days); answers the product’s slug',
    tag: 'Mağaza: katalog',
    // A missing or malformed token is a link that does not work: the domain answers ONAY_GECERSIZ.
    body: z.object({ token: z.unknown().describe('The token of the e-mailed link') }),
    responses: {
      200: { description: 'Confirmed', schema: z.object({ slug: z.string() }) },
      400: errorAnswer('ONAY_GECERSIZ: unknown or expired link'),
      ...maintenance,
    },
    handler: async (request, reply) =>
      sendResult(
        reply,
        await resultOf(() => services.stockAlerts.confirm(bodyOf(request.body).token)),
        (value) => ({ status: 200, body: value }),
      ),
  });
}
