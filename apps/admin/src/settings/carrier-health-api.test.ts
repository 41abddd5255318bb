import { describe, expect, it } from 'vitest';
import { type CarrierHealth, carrierState } from './carrier-health-api.ts';

const geliver: CarrierHealth = {
  carrier: 'geliver',
  name: 'Geliver',
  configured: true,
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: null,
  openShipments: 0,
  failingShipments: 0,
};

describe('carrierState', () => {
  it('calls missing keys a fault only for the chosen carrier', () => {
    expect(carrierState({ ...geliver, configured: false }, true)).toEqual({
      tone: 'bad',
      text: 'Anahtarlar eksik',
    });
    expect(carrierState({ ...geliver, configured: false }, false)).toEqual({
      tone: 'neutral',
      text: 'Kurulu değil',
    });
  });

  it('says nothing was called yet, then working after a good call', () => {
    expect(carrierState(geliver, true).text).toBe('Henüz çağrı yok');
    expect(carrierState({ ...geliver, lastSuccessAt: '2026-11-29T10:00:00Z' }, true)).toEqual({
      tone: 'good',
      text: 'Çalışıyor',
    });
  });

  it('reports a failure newer than the last good call, and not an older one', () => {
    const failed = { ...geliver, lastError: 'Geliver yanıt vermedi.', lastErrorAt: '2026-11-29T10:05:00Z' };
    expect(carrierState({ ...failed, lastSuccessAt: '2026-11-29T10:00:00Z' }, true).tone).toBe('bad');
    expect(carrierState(failed, true).text).toBe('Son çağrı başarısız');
    expect(carrierState({ ...failed, lastSuccessAt: '2026-11-29T10:10:00Z' }, true).text).toBe('Çalışıyor');
  });

  it('warns of open shipments whose last read failed', () => {
    const someFailing = {
      ...geliver,
      lastSuccessAt: '2026-11-29T10:00:00Z',
      openShipments: 3,
      failingShipments: 1,
    };
    expect(carrierState(someFailing, true)).toEqual({ tone: 'warn', text: 'Okunamayan gönderi var' });
  });
});
