import type { EInvoiceHealthAnswer } from '@vitrin/shared/api/admin/invoices';
import { describe, expect, it } from 'vitest';
import { einvoiceState, missingLegalDetails } from './einvoice-api.ts';

const on: EInvoiceHealthAnswer = {
  provider: 'parasut',
  configured: true,
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: null,
  pending: 0,
  failed: 0,
};

describe('einvoiceState', () => {
  it('says off, and keys missing while on', () => {
    expect(einvoiceState({ ...on, provider: 'none', configured: false })).toEqual({
      tone: 'neutral',
      text: 'Kapalı',
    });
    expect(einvoiceState({ ...on, configured: false })).toEqual({ tone: 'bad', text: 'Anahtarlar eksik' });
  });

  it('reports a failure newer than the last good call, and not an older one', () => {
    const failed = { ...on, lastError: 'Paraşüt yanıt vermedi.', lastErrorAt: '2026-11-29T10:05:00Z' };
    expect(einvoiceState(failed).text).toBe('Son çağrı başarısız');
    expect(einvoiceState({ ...failed, lastSuccessAt: '2026-11-29T10:10:00Z' }).text).toBe('Çalışıyor');
  });

  it('warns of invoices that need the owner, else says nothing was called yet', () => {
    expect(einvoiceState(on).text).toBe('Henüz çağrı yok');
    expect(einvoiceState({ ...on, lastSuccessAt: '2026-11-29T10:00:00Z', failed: 2 })).toEqual({
      tone: 'warn',
      text: 'Kesilemeyen fatura var',
    });
  });
});

describe('missingLegalDetails', () => {
  it('names the legal details an invoice needs that are blank', () => {
    const full = {
      unvan: 'Atölye Ltd.',
      tax_id: '1234567890',
      tax_office: 'Kadıköy',
      contact_address: 'Moda',
    };
    expect(missingLegalDetails(full)).toEqual([]);
    expect(missingLegalDetails({ ...full, tax_id: ' ', contact_address: '' })).toEqual([
      'VKN / TCKN',
      'adres',
    ]);
  });
});
