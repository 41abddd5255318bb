import type { GeliverShipment } from './models.ts';

/**
 * Geliver's webhook (the SDK's `WebhookUpdateTrackingRequest`, `src/models/index.ts` of `GeliverApp/geliver-js`):
 * `{ event, metadata?, data }`, the shipment as `GET /shipments/{id}` answers it under `data`; `TRACK_UPDATED`
 * when its tracking moved. Not signed yet (the SDK's `verifyWebhookSignature` accepts everything while
 * verification is off), so the shop takes only the shipment's id and the status it claims from it and reads
 * the shipment back from Geliver before acting.
 */
export interface GeliverWebhook {
  event: string;
  metadata?: unknown;
  data: Pick<GeliverShipment, 'id' | 'statusCode' | 'trackingStatus'> & Record<string, unknown>;
}

/** The event Geliver sends when a shipment's tracking status changed. */
export const GELIVER_TRACK_UPDATED = 'TRACK_UPDATED';
