import { describe, expect, it } from 'vitest';
import { canMoveOrder, ORDER_STATE_CODES, ORDER_STATES } from './order-states.ts';

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
});
