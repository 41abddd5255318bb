import { describe, expect, it } from 'vitest';
import {
  invoiceAction,
  invoiceBoxShown,
  invoiceStatus,
  invoiceTypeText,
  reversalText,
} from './order-invoice-api.ts';

describe("the order's e-invoice box", () => {
  it('names each state in Turkish', () => {
    expect(invoiceStatus({ status: 'pending', attempts: 0 }).text).toBe('Kesiliyor');
    expect(invoiceStatus({ status: 'pending', attempts: 2 })).toEqual({
      tone: 'warn',
      text: 'Kesiliyor (yeniden denenecek)',
    });
    expect(invoiceStatus({ status: 'issued', attempts: 1 })).toEqual({ tone: 'good', text: 'Kesildi' });
    expect(invoiceStatus({ status: 'failed', attempts: 3 })).toEqual({ tone: 'bad', text: 'Kesilemedi' });
    expect(invoiceStatus({ status: 'cancelled', attempts: 0 }).text).toBe('İptal edildi (kesilmedi)');
  });

  it('names what became of an issued invoice whose order was cancelled or refunded', () => {
    const r = (kind: 'cancel' | 'return' | 'note' | null, done: boolean) => ({
      reason: 'cancelled' as const,
      kind,
      done,
      number: kind === 'return' ? 'IADE-VT1' : null,
    });
    const state = (reversal: ReturnType<typeof r>, status: 'pending' | 'failed' | 'issued' | 'cancelled') =>
      invoiceStatus({ status, attempts: 0, reversal }).text;
    expect(state(r('cancel', true), 'cancelled')).toBe('İptal edildi');
    expect(state(r('return', true), 'issued')).toBe('İade faturası kesildi');
    expect(state(r('note', true), 'issued')).toBe('Muhasebecinize danışın');
    expect(state(r(null, false), 'pending')).toBe('İptal / iade ediliyor');
    expect(state(r('cancel', false), 'failed')).toBe('İptal / iade edilemedi');
    expect(reversalText(r('return', true))).toContain('iade faturası kesildi (IADE-VT1)');
    expect(reversalText(r('note', true))).toContain('Muhasebecinize');
    expect(reversalText(null)).toBeNull();
  });

  it('names the kind of invoice', () => {
    expect(invoiceTypeText('e_archive')).toBe('e-Arşiv fatura');
    expect(invoiceTypeText('e_invoice')).toBe('e-Fatura');
    expect(invoiceTypeText(null)).toBeNull();
  });

  it('offers to issue while none was asked for, and to retry one that failed or waits for its next try', () => {
    expect(invoiceAction(null, true)).toBe('Faturayı kes');
    expect(invoiceAction(null, false)).toBeNull();
    expect(invoiceAction({ status: 'failed', attempts: 5 }, true)).toBe('Yeniden dene');
    expect(invoiceAction({ status: 'failed', attempts: 5 }, false)).toBeNull();
    expect(invoiceAction({ status: 'pending', attempts: 1 }, false)).toBeNull();
    expect(invoiceAction({ status: 'pending', attempts: 1 }, true)).toBe('Yeniden dene');
    expect(invoiceAction({ status: 'pending', attempts: 0 }, true)).toBeNull();
    expect(invoiceAction({ status: 'issued', attempts: 1 }, true)).toBeNull();
    expect(invoiceAction({ status: 'cancelled', attempts: 0 }, true)).toBeNull();
  });

  it('is shown when e-invoicing is on or the order has an invoice', () => {
    expect(invoiceBoxShown(null, 'none')).toBe(false);
    expect(invoiceBoxShown(undefined, undefined)).toBe(false);
    expect(invoiceBoxShown(null, 'parasut')).toBe(true);
    expect(invoiceBoxShown({ status: 'issued' }, 'none')).toBe(true);
  });
});
