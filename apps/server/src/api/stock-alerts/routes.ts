import { type Services, ShopError } from '@vitrin/core';
import { STOCK_ALERT_SENT_MESSAGE } from '@vitrin/shared/api/stock-alerts';
import type { FastifyInstance } from 'fastify';
import { resultOf } from '../../pages/context/results.ts';
import { bodyOf, sendResult } from '../account/replies.ts';

/**
 * "Gelince haber ver": a request mails a confirmation link (the product page's `?stok-bildirimi=` that
 * posts the token back here); a confirmed wish gets one e-mail when the product is in stock again.
 */
export function registerStockAlertRoutes(app: FastifyInstance, services: Services) {
  app.post('/api/front/stock-alerts', async (request, reply) =>
    sendResult(
      reply,
      await resultOf([ShopError], () => services.stockAlerts.request(bodyOf(request.body))),
      () => ({ status: 202, body: { ok: true, message: STOCK_ALERT_SENT_MESSAGE } }),
    ),
  );
  app.post('/api/front/stock-alerts/confirm', async (request, reply) =>
    sendResult(
      reply,
      await resultOf([ShopError], () => services.stockAlerts.confirm(bodyOf(request.body).token)),
      (value) => ({ status: 200, body: value }),
    ),
  );
}
