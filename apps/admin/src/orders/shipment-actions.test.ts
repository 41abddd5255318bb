import { ORDER_STATE } from '@vitrin/shared/order-states';
import { describe, expect, it } from 'vitest';
import { cancellable, labelOffered, returnOffered, shipmentStatusText } from './shipment-actions.ts';

const outbound = (status: string) => ({ kind: 'outbound' as const, status });
const ret = (status: string) => ({ kind: 'return' as const, status });

describe('shipmentStatusText', () => {
  it('names each state in Turkish, a bought return by its return code', () => {
    expect(shipmentStatusText(outbound('pending'))).toBe('etiket bekleniyor');
    expect(shipmentStatusText(outbound('created'))).toBe('etiket alındı');
    expect(shipmentStatusText(ret('created'))).toBe('iade kodu alındı');
    expect(shipmentStatusText(outbound('failed'))).toBe('alınamadı');
    expect(shipmentStatusText(ret('cancelled'))).toBe('iptal edildi');
  });
});

describe('cancellable', () => {
  it('offers to cancel a bought outbound label until the carrier has the parcel', () => {
    expect(cancellable(outbound('created'), ORDER_STATE.Shipped)).toBe(true);
    for (const taken of [ORDER_STATE.InTransit, ORDER_STATE.Delivered, ORDER_STATE.NotDelivered])
      expect(cancellable(outbound('created'), taken)).toBe(false);
  });

  it('offers to cancel a bought return label in a delivered order', () => {
    expect(cancellable(ret('created'), ORDER_STATE.Delivered)).toBe(true);
  });

  it('never offers to cancel a label not bought or already cancelled', () => {
    for (const status of ['pending', 'failed', 'cancelled'])
      expect(cancellable(outbound(status), ORDER_STATE.Shipped)).toBe(false);
  });
});

describe('labelOffered', () => {
  const base = {
    provider: 'geliver' as const,
    shipments: [],
    orderStatus: ORDER_STATE.Preparing,
    canShip: true,
  };

  it('offers a label when a carrier is chosen and the order may go to Kargoya Verildi', () => {
    expect(labelOffered(base)).toBe(true);
    expect(labelOffered({ ...base, provider: 'manual' })).toBe(false);
    expect(labelOffered({ ...base, canShip: false })).toBe(false);
  });

  it('offers none while an outbound label is bought', () => {
    expect(labelOffered({ ...base, shipments: [outbound('created')] })).toBe(false);
  });

  it('offers a new label in Kargoya Verildi once the bought one was cancelled', () => {
    const shipped = { ...base, orderStatus: ORDER_STATE.Shipped, canShip: false };
    expect(labelOffered({ ...shipped, shipments: [outbound('cancelled')] })).toBe(true);
    expect(labelOffered({ ...shipped, shipments: [outbound('cancelled'), outbound('created')] })).toBe(false);
    expect(labelOffered({ ...shipped, shipments: [ret('cancelled')] })).toBe(false);
  });
});

describe('returnOffered', () => {
  const delivered = {
    provider: 'geliver' as const,
    shipments: [outbound('created')],
    orderStatus: ORDER_STATE.Delivered,
  };

  it('offers a return for a delivered order only', () => {
    expect(returnOffered(delivered)).toBe(true);
    expect(returnOffered({ ...delivered, orderStatus: ORDER_STATE.InTransit })).toBe(false);
  });

  it('offers none while a return label is bought, again after it was cancelled', () => {
    expect(returnOffered({ ...delivered, shipments: [outbound('created'), ret('created')] })).toBe(false);
    expect(returnOffered({ ...delivered, shipments: [outbound('created'), ret('cancelled')] })).toBe(true);
  });

  it("needs a carrier: the outbound label's or the chosen one", () => {
    expect(returnOffered({ ...delivered, provider: 'manual' })).toBe(true);
    expect(returnOffered({ ...delivered, provider: 'manual', shipments: [] })).toBe(false);
    expect(returnOffered({ ...delivered, provider: 'yurtici', shipments: [] })).toBe(true);
  });
});
