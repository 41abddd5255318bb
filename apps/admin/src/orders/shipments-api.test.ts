import { ApiError } from '@vitrin/shared/api/api-error';
import { describe, expect, it } from 'vitest';
import { carrierMessage } from './shipments-api.ts';

describe('carrierMessage', () => {
  it('says the order is unchanged and when to retry when the carrier is down (503 with Retry-After)', () => {
    const down = new ApiError(503, 'KARGO_ULASILAMIYOR', "Geliver'a şu an ulaşılamıyor.", {}, 90);
    expect(carrierMessage(down)).toBe(
      "Geliver'a şu an ulaşılamıyor. Sipariş değişmedi ve etiket alınmadı; 2 dakika sonra yeniden deneyin.",
    );
  });

  it('names what was not done when it is no label bought (a cancel, a return)', () => {
    const down = new ApiError(503, 'KARGO_ULASILAMIYOR', "Geliver'a şu an ulaşılamıyor.", {}, 30);
    expect(carrierMessage(down, 'etiket iptal edilmedi')).toBe(
      "Geliver'a şu an ulaşılamıyor. Sipariş değişmedi ve etiket iptal edilmedi; 30 saniye sonra yeniden deneyin.",
    );
  });

  it('does not ask twice for a retry when the message already does', () => {
    const down = new ApiError(
      503,
      'KARGO_ULASILAMIYOR',
      "Geliver'a şu an ulaşılamıyor; gönderi değişmedi, biraz sonra yeniden deneyin.",
    );
    expect(carrierMessage(down, 'etiket iptal edilmedi')).toBe(
      "Geliver'a şu an ulaşılamıyor; gönderi değişmedi, biraz sonra yeniden deneyin. Sipariş değişmedi ve etiket iptal edilmedi.",
    );
  });

  it('asks for a retry a bit later when the 503 names no wait', () => {
    const busy = new ApiError(503, 'KARGO_YOGUN', 'Kargo firması yoğun.');
    expect(carrierMessage(busy)).toContain('biraz sonra yeniden deneyin');
  });

  it("shows a refusal's own Turkish words (409, 422)", () => {
    const manual = new ApiError(409, 'KARGO_ENTEGRASYONU_YOK', 'Kargo entegrasyonu seçili değil.');
    const refused = new ApiError(422, 'KARGO_REDDETTI', 'Alıcı telefonu geçersiz.');
    expect(carrierMessage(manual)).toBe('Kargo entegrasyonu seçili değil.');
    expect(carrierMessage(refused)).toBe('Alıcı telefonu geçersiz.');
  });

  it('says something general for a failure that is no API answer', () => {
    expect(carrierMessage(new TypeError('x'))).toMatch(/Beklenmeyen bir hata/);
  });
});
