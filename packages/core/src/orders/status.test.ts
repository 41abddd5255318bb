import { ORDER_STATE_CODES, ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import { describe, expect, it } from 'vitest';
import type { PaymentMethod, PaymentStatus } from '../db/schema.ts';
import { type Actor, transitionRefusal } from './status.ts';

const paidCard = { paymentMethod: 'card' as const, paymentStatus: 'paid' as const };
const unpaidCard = { paymentMethod: 'card' as const, paymentStatus: 'pending' as const };
const transfer = { paymentMethod: 'transfer' as const, paymentStatus: 'pending' as const };
const cargo = { cargoCompany: 'Yurtiçi Kargo', trackingNo: 'YK123456' };

/** The refusal code for `from → to` by `actor` (null: allowed). */
const refusal = (
  from: OrderState,
  to: OrderState,
  actor: Actor,
  order: { paymentMethod: PaymentMethod; paymentStatus: PaymentStatus } = paidCard,
  extra = {},
) => transitionRefusal(from, to, order, { actor, ...extra })?.code ?? null;

describe('order state transitions', () => {
  it('lets the operator make exactly the table’s moves, except into and out of Ödeme Başarısız', () => {
    for (const from of ORDER_STATE_CODES) {
      for (const to of ORDER_STATE_CODES) {
        const inTable = (ORDER_STATES[from].next as readonly number[]).includes(to);
        const paymentOnly = (from === 0 && to === 7) || (from === 7 && to === 0);
        expect(refusal(from, to, 'operator', paidCard, cargo), `${from}→${to}`).toBe(
          inTable && !paymentOnly ? null : 'GECERSIZ_DURUM_GECISI',
        );
      }
    }
  });

  it('enters 7 only from a failed payment or the expiry, and leaves it for 0 only by a payment', () => {
    expect(refusal(0, 7, 'payment', unpaidCard)).toBeNull();
    expect(refusal(0, 7, 'system', unpaidCard)).toBeNull();
    expect(refusal(7, 0, 'payment')).toBeNull();
    expect(refusal(0, 7, 'customer')).toBe('GECERSIZ_DURUM_GECISI');
    expect(refusal(7, 0, 'system')).toBe('GECERSIZ_DURUM_GECISI');
    expect(refusal(0, 6, 'payment')).toBe('GECERSIZ_DURUM_GECISI');
  });

  it('lets the customer cancel in 0 and 1 only', () => {
    expect(refusal(0, 6, 'customer')).toBeNull();
    expect(refusal(1, 6, 'customer')).toBeNull();
    expect(refusal(5, 6, 'customer')).toBe('GECERSIZ_DURUM_GECISI');
    expect(refusal(7, 6, 'customer')).toBe('GECERSIZ_DURUM_GECISI');
    expect(refusal(1, 2, 'customer', paidCard, cargo)).toBe('GECERSIZ_DURUM_GECISI');
  });

  it('lets the carrier make only a label’s and a parcel’s moves: 1→2, 2→3, 2→5, 3→4 and 3→5', () => {
    const moves = ['1→2', '2→3', '2→5', '3→4', '3→5'];
    for (const from of ORDER_STATE_CODES) {
      for (const to of ORDER_STATE_CODES) {
        expect(refusal(from, to, 'carrier', paidCard, cargo), `${from}→${to}`).toBe(
          moves.includes(`${from}→${to}`) ? null : 'GECERSIZ_DURUM_GECISI',
        );
      }
    }
    expect(transitionRefusal(2, 4, paidCard, { actor: 'carrier' })?.code).toBe('GECERSIZ_DURUM_GECISI');
  });

  it('names both states in Turkish when refusing', () => {
    const err = transitionRefusal(4, 6, paidCard, { actor: 'operator' });
    expect(err?.message).toBe('Sipariş "Teslim Edildi" durumundan "İptal Edildi" durumuna geçirilemez.');
    expect(err?.status).toBe(409);
  });

  it('does not prepare an unpaid card order (ODEME_BEKLENIYOR), but does a transfer one', () => {
    expect(refusal(0, 1, 'operator', unpaidCard)).toBe('ODEME_BEKLENIYOR');
    expect(refusal(0, 1, 'operator', transfer)).toBeNull();
  });

  it('needs the cargo company and tracking number to enter Kargoya Verildi', () => {
    const err = transitionRefusal(1, 2, paidCard, { actor: 'operator', cargoCompany: 'Aras' });
    expect(err?.code).toBe('KARGO_BILGISI_GEREKLI');
    expect(err?.fields).toEqual({ trackingNo: 'Takip numarasını yazın' });
    expect(refusal(5, 2, 'operator', paidCard, cargo)).toBeNull();
  });
});
