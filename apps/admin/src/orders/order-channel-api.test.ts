import type { OrderChannel } from '@vitrin/shared/api/admin/orders';
import { describe, expect, it } from 'vitest';
import { invoicedStep, invoiceTypable, packageStatusText, pickingStep } from './order-channel-api.ts';

const channel: OrderChannel = {
  name: 'trendyol',
  label: 'Trendyol',
  orderNumber: '10293847',
  packageId: '3311',
  status: 'Created',
  pickingSentAt: null,
  invoiceNumber: null,
  invoicedSentAt: null,
  lastError: null,
  nextAttemptAt: null,
  shortfall: [],
};

describe('a marketplace package in the order', () => {
  it('names its status in Turkish, an unknown one as it came', () => {
    expect(packageStatusText('Picking')).toBe('Hazırlanıyor');
    expect(packageStatusText('Shipped')).toBe('Kargoya verildi');
    expect(packageStatusText('YeniDurum')).toBe('YeniDurum');
  });

  it('says Picking waits for the order to be prepared, failed, or was sent', () => {
    expect(pickingStep(channel)).toEqual({
      tone: 'neutral',
      text: 'Sipariş “Hazırlanıyor” olunca bildirilir',
    });
    expect(pickingStep({ ...channel, lastError: 'Trendyol yanıt vermedi.' }).tone).toBe('bad');
    const sent = pickingStep({ ...channel, pickingSentAt: '2026-11-29T10:00:00Z' });
    expect(sent.tone).toBe('good');
    expect(sent.text).toBe('Bildirildi (29 Kasım 2026 13:00)');
  });

  it('says Invoiced waits for a number, for Picking, for the next round, or was sent with its number', () => {
    expect(invoicedStep(channel).text).toBe('Fatura numarası bekleniyor');
    const typed = { ...channel, invoiceNumber: 'ABC2026000001' };
    expect(invoicedStep(typed).text).toContain('“Hazırlanıyor” bildirildikten sonra');
    const picked = { ...typed, pickingSentAt: '2026-11-29T10:00:00Z' };
    expect(invoicedStep(picked)).toEqual({
      tone: 'warn',
      text: 'ABC2026000001 bir sonraki eşitlemede bildirilecek',
    });
    expect(invoicedStep({ ...picked, lastError: 'Reddedildi' }).tone).toBe('bad');
    const sent = { ...picked, invoicedSentAt: '2026-11-29T11:00:00Z' };
    expect(invoicedStep(sent).text).toMatch(/^Bildirildi: ABC2026000001 \(/);
    expect(invoiceTypable(picked)).toBe(true);
    expect(invoiceTypable(sent)).toBe(false);
  });
});
