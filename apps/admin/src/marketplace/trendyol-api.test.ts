import type { TrendyolHealthAnswer, TrendyolRoundAnswer } from '@vitrin/shared/api/admin/marketplace';
import { describe, expect, it } from 'vitest';
import { bufferValue, roundSummary, tabOf, trendyolState } from './trendyol-api.ts';

const health: TrendyolHealthAnswer = {
  setting: 'on',
  configured: true,
  missing: [],
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: null,
  pausedUntil: null,
  linked: 0,
  unlisted: 0,
  channelOnly: 0,
  pending: 0,
  failing: 0,
  intervalSeconds: 60,
};

const round: TrendyolRoundAnswer = {
  ran: true,
  setting: 'on',
  configured: true,
  read: 3,
  linked: 1,
  channelOnly: 2,
  unlisted: 4,
  sent: 1,
  requests: 1,
  duplicates: 0,
  accepted: 1,
  refused: 0,
  unpriced: 0,
  pulled: 2,
  statusesSent: 0,
  error: null,
  pausedUntil: null,
};

describe('trendyolState', () => {
  it('says off, then keys missing while on', () => {
    expect(trendyolState({ ...health, setting: 'off', configured: false })).toEqual({
      tone: 'neutral',
      text: 'Kapalı',
    });
    expect(trendyolState({ ...health, configured: false }).text).toBe('Anahtarlar eksik');
  });

  it('says Trendyol is waited for while paused, and not once the pause is over', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    const paused = { ...health, lastSuccessAt: '2026-11-29T09:00:00Z', pausedUntil: '2026-11-29T10:05:00Z' };
    expect(trendyolState(paused, now)).toEqual({ tone: 'warn', text: 'Bekleniyor' });
    expect(trendyolState(paused, now + 10 * 60_000).text).toBe('Çalışıyor');
  });

  it('reports a failure newer than the last good call, then listings that failed, else working', () => {
    const failed = { ...health, lastError: 'Trendyol yanıt vermedi.', lastErrorAt: '2026-11-29T10:05:00Z' };
    expect(trendyolState(failed).text).toBe('Son çağrı başarısız');
    const recovered = { ...failed, lastSuccessAt: '2026-11-29T10:10:00Z' };
    expect(trendyolState(recovered)).toEqual({ tone: 'good', text: 'Çalışıyor' });
    expect(trendyolState({ ...recovered, failing: 2 })).toEqual({
      tone: 'warn',
      text: 'Gönderilemeyen ürün var',
    });
    expect(trendyolState(health).text).toBe('Henüz çağrı yok');
  });
});

describe('roundSummary', () => {
  it('says what was read, sent and pulled', () => {
    expect(roundSummary(round)).toEqual([
      'Trendyol’dan 3 ürün okundu: 1 eşleşen, 2 yalnız Trendyol’da, 4 Trendyol’da olmayan.',
      '1 ürünün stoğu ve fiyatı 1 istekle gönderildi. 1 kabul edildi.',
      'Trendyol’dan 2 sipariş paketi çekildi ya da güncellendi.',
    ]);
  });

  it('names refusals, skipped duplicates, unpriced listings, statuses sent and the failure', () => {
    const lines = roundSummary({
      ...round,
      sent: 3,
      requests: 2,
      accepted: 1,
      refused: 2,
      duplicates: 1,
      unpriced: 1,
      statusesSent: 2,
      error: 'Trendyol anahtarları reddetti (401).',
    });
    expect(lines).toContain(
      '3 ürünün stoğu ve fiyatı 2 istekle gönderildi. 1 kabul edildi, 2 reddedildi, 1 istek 15 dakika içinde aynısı gönderildiği için atlandı.',
    );
    expect(lines).toContain('1 eşleşen ürünün gönderilecek fiyatı yok.');
    expect(lines).toContain('2 sipariş durumu Trendyol’a bildirildi.');
    expect(lines.at(-1)).toBe('Hata: Trendyol anahtarları reddetti (401).');
  });

  it('says nothing changed, and that the setting is off so rounds do not run by themselves', () => {
    const lines = roundSummary({ ...round, setting: 'off', sent: 0, requests: 0, accepted: 0, pulled: null });
    expect(lines).toContain('Gönderilecek stok ya da fiyat değişikliği yoktu.');
    expect(lines.join(' ')).not.toContain('sipariş paketi');
    expect(lines.at(-1)).toContain('ayarlarda kapalı');
  });

  it('explains a round that did not run or had no keys', () => {
    expect(roundSummary({ ...round, ran: false })[0]).toContain('başka bir sunucuda');
    expect(roundSummary({ ...round, configured: false })[0]).toContain('TRENDYOL_SELLER_ID');
  });
});

describe('tabOf and bufferValue', () => {
  it('reads the tab from the address, the linked listings by default', () => {
    expect(tabOf('channel_only')).toBe('channel_only');
    expect(tabOf('unlisted')).toBe('unlisted');
    expect(tabOf(null)).toBe('linked');
    expect(tabOf('baska')).toBe('linked');
  });

  it('turns a typed whole number into a number and leaves anything else for the check', () => {
    expect(bufferValue(' 3 ')).toBe(3);
    expect(bufferValue('-1')).toBe(-1);
    expect(bufferValue('2,5')).toBe('2,5');
    expect(bufferValue('')).toBe('');
  });
});
