import { describe, expect, it } from 'vitest';
import { invoiceAction, invoiceBoxShown, invoiceStatus, invoiceTypeText } from './order-invoice-api.ts';

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
