import { describe, expect, it } from 'vitest';
import { PAGE_TYPE, PAGE_TYPES, PRICE_TYPE, PRICE_TYPES, STOCK_TYPE, STOCK_TYPES } from './constants.ts';
import { canMoveOrder, ORDER_PROCESS, ORDER_STATE, ORDER_STATE_CODES, ORDER_STATES } from './order-states.ts';

describe('order states', () => {
  it('has the eight states of the glossary with their badges', () => {
    expect(ORDER_STATE_CODES).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(ORDER_STATES[0]).toMatchObject({ label: 'Sipariş Alındı', badge: 'secondary' });
    expect(ORDER_STATES[7]).toMatchObject({ label: 'Ödeme Başarısız', badge: 'danger' });
    expect(ORDER_STATES[6]).toMatchObject({ label: 'İptal Edildi', badge: 'dark' });
  });

  it('allows exactly the transitions of the table', () => {
    const allowed = ORDER_STATE_CODES.flatMap((from) =>
      ORDER_STATE_CODES.filter((to) => canMoveOrder(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      '0→1',
      '0→6',
      '0→7',
      '1→2',
      '1→6',
      '2→3',
      '2→5',
      '3→4',
      '3→5',
      '5→2',
      '5→6',
      '7→0',
      '7→6',
    ]);
  });

  it('keeps delivered and cancelled orders final', () => {
    for (const to of ORDER_STATE_CODES) {
      expect(canMoveOrder(4, to)).toBe(false);
      expect(canMoveOrder(6, to)).toBe(false);
    }
  });

  it('keeps the stored integers of each name (the seed and the migrations fix them)', () => {
    expect(ORDER_STATE).toEqual({
      Received: 0,
      Preparing: 1,
      Shipped: 2,
      InTransit: 3,
      Delivered: 4,
      NotDelivered: 5,
      Cancelled: 6,
      PaymentFailed: 7,
    });
    expect(STOCK_TYPE).toEqual({ Single: 1, Variant: 2, Designable: 3, Virtual: 4 });
    expect(PRICE_TYPE).toEqual({ Purchase: 1, Sale: 2, Market: 3, Instalment: 4, Wholesale: 5 });
    expect(PAGE_TYPE).toEqual({ Corporate: 1, Help: 2, Static: 3, Blog: 4 });
    expect(Object.keys(STOCK_TYPES).map(Number)).toEqual(Object.values(STOCK_TYPE));
    expect(Object.keys(PRICE_TYPES).map(Number)).toEqual(Object.values(PRICE_TYPE));
    expect(Object.keys(PAGE_TYPES).map(Number)).toEqual(Object.values(PAGE_TYPE));
  });

  it('reads the same table by name and by stored code', () => {
    expect(ORDER_PROCESS.Preparing.to).toEqual(['Shipped', 'Cancelled']);
    expect(ORDER_STATES[ORDER_STATE.Shipped]).toMatchObject({ name: 'Shipped', label: 'Kargoya Verildi' });
    expect(ORDER_STATES[ORDER_STATE.PaymentFailed].next).toEqual([
      ORDER_STATE.Received,
      ORDER_STATE.Cancelled,
    ]);
  });
});
