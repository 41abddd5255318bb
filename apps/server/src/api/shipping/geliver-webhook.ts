import type { Services } from '@vitrin/core';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { apiRoutes, errorAnswer, invalid } from '../route.ts';

const code = (name: string) =>
  z
    .string({ error: `${name} metin olmalı` })
    .trim()
    .max(60, `${name} en fazla 60 karakter olabilir`)
    .regex(/^[A-Za-z_]*$/, `${name} yalnızca harf ve alt çizgi içerebilir`)
    .optional();

/**
 * What the shop reads of Geliver's webhook (the SDK's `WebhookUpdateTrackingRequest`: `{ event, metadata?,
 * data }`, `data` the shipment): the event, the shipment's id, and the status it claims (`statusCode`, or the
 * tracking code under `trackingStatus`). Everything else is passed over: the shipment is read back from Geliver.
 */
export const geliverWebhookBody = z.looseObject({
  event: z
    .string({ error: 'event gerekli (ör. TRACK_UPDATED)' })
    .trim()
    .min(1, 'event gerekli (ör. TRACK_UPDATED)')
    .max(60, 'event en fazla 60 karakter olabilir'),
  metadata: z.unknown().optional(),
  data: z
    .looseObject(
      {
        id: z
          .string({ error: 'data.id (Geliver gönderi kimliği) gerekli' })
          .trim()
          .regex(/^[A-Za-z0-9-]{1,64}$/, 'data.id geçerli bir Geliver gönderi kimliği değil'),
        statusCode: code('data.statusCode'),
        trackingStatus: z
          .looseObject(
            { trackingStatusCode: code('data.trackingStatus.trackingStatusCode') },
            { error: 'data.trackingStatus bir nesne olmalı' },
          )
          .optional(),
      },
      { error: 'data (gönderi) gerekli' },
    )
    .refine((d) => Boolean(d.statusCode || d.trackingStatus?.trackingStatusCode), {
      error: 'data.statusCode ya da data.trackingStatus.trackingStatusCode gerekli',
    }),
});

/**
 * Geliver's shipment webhook (`POST /api/shipping/geliver/webhook`, the address entered with Geliver's
 * `POST /webhook`). Geliver does not sign its webhooks yet, so the body is a hint: the shipment it names is read
 * back from Geliver and the order moves (as the carrier, through the order state table) only when Geliver
 * reports what the webhook claims. The answer is the same 200 for a shipment the shop has or not, acted on or
 * not, so Geliver stops sending it and nobody learns which shipments exist; a bad body is 400, Geliver
 * unreachable on the read-back 503 (Geliver sends again; the 15-minute round catches up meanwhile).
 */
export function registerGeliverWebhookRoute(app: FastifyInstance, services: Services) {
  const route = apiRoutes(app);

  route({
    method: 'POST',
    url: '/api/shipping/geliver/webhook',
    summary:
      "Geliver's shipment webhook (TRACK_UPDATED): a hint, not signed; the shipment is read back from Geliver and its order moves to Kargoda, Teslim Edildi or Teslim Edilemedi only when Geliver reports the status the webhook claims. The same 200 whether or not the shop has the shipment",
    tag: 'Kargo: bildirimler',
    body: geliverWebhookBody,
    // Geliver calls from a few addresses, one call per scan of each parcel and its retries (as PayTR's).
    config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    responses: {
      200: { description: 'Received', schema: z.object({ received: z.literal(true) }) },
      ...invalid,
      429: errorAnswer('COK_FAZLA_ISTEK: too many calls from this address'),
      503: errorAnswer(
        'KARGO_ULASILAMIYOR / KARGO_YOGUN: Geliver did not answer the read-back (Retry-After); or the shop is in maintenance',
      ),
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const outcome = await services.shippingSync.geliverWebhook(request.body);
      request.log.info(
        { shipment: request.body.data.id, event: request.body.event, outcome: outcome.kind },
        'Geliver webhook',
      );
      return reply.status(200).send({ received: true as const });
    },
  });
}
