import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListingStateName,
  StockBufferRequest,
  TrendyolHealthAnswer,
  TrendyolListingsAnswer,
  TrendyolRoundAnswer,
} from '@vitrin/shared/api/admin/marketplace';
import { formatDateTime } from '@vitrin/shared/dates';
import { api } from '../lib/api.ts';
import type { Tone } from '../ui/badge.tsx';

const BASE = '/marketplace/trendyol';
export const TRENDYOL_KEY = ['trendyol'] as const;

/** The environment variables Trendyol's keys come from (the health names the missing ones). */
export const TRENDYOL_KEYS = 'TRENDYOL_SELLER_ID, TRENDYOL_API_KEY ve TRENDYOL_API_SECRET';

export const trendyolHealthQuery = queryOptions({
  queryKey: [...TRENDYOL_KEY, 'health'],
  queryFn: () => api.get<TrendyolHealthAnswer>(`${BASE}/health`),
});

/** The tabs of the screen, in order, with what each lists. */
export const LISTING_TABS: readonly { state: ListingStateName; label: string; empty: string }[] = [
  {
    state: 'linked',
    label: 'Eşleşen',
    empty: 'Barkodu Trendyol’daki bir ürünle eşleşen ürün yok.',
  },
  {
    state: 'unlisted',
    label: 'Trendyol’da olmayan',
    empty: 'Barkodu olup Trendyol’da listelenmeyen ürün yok.',
  },
  {
    state: 'channel_only',
    label: 'Yalnız Trendyol’da',
    empty: 'Mağazada karşılığı olmayan Trendyol ürünü yok.',
  },
];

/** The tab the address names (`?durum=`), the first one when it names none. */
export function tabOf(value: string | null): ListingStateName {
  return LISTING_TABS.find((t) => t.state === value)?.state ?? 'linked';
}

export function useTrendyolListings(state: ListingStateName, page: number) {
  return useQuery({
    queryKey: [...TRENDYOL_KEY, 'listings', state, page],
    queryFn: () =>
      api.get<TrendyolListingsAnswer>(
        `${BASE}/listings?${new URLSearchParams({ state, page: String(page) }).toString()}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** A listing's buffer: the listings and the health are read again (the pending count changes). */
export function useSaveBuffer(barcode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StockBufferRequest) =>
      api.put<unknown>(`${BASE}/listings/${encodeURIComponent(barcode)}/buffer`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: TRENDYOL_KEY }),
  });
}

/** One round now; whatever it did, the listings and the health are read again. */
export function useRunRound() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TrendyolRoundAnswer>(`${BASE}/sync`),
    onSettled: () => client.invalidateQueries({ queryKey: TRENDYOL_KEY }),
  });
}

/** The channel's state in a few words with its tone, from its health. */
export function trendyolState(h: TrendyolHealthAnswer, now = Date.now()): { tone: Tone; text: string } {
  if (h.setting === 'off') return { tone: 'neutral', text: 'Kapalı' };
  if (!h.configured) return { tone: 'bad', text: 'Anahtarlar eksik' };
  if (h.pausedUntil && Date.parse(h.pausedUntil) > now) return { tone: 'warn', text: 'Bekleniyor' };
  const failedLast =
    h.lastErrorAt !== null &&
    (h.lastSuccessAt === null || Date.parse(h.lastErrorAt) > Date.parse(h.lastSuccessAt));
  if (failedLast) return { tone: 'bad', text: 'Son çağrı başarısız' };
  if (h.failing > 0) return { tone: 'warn', text: 'Gönderilemeyen ürün var' };
  if (h.lastSuccessAt !== null) return { tone: 'good', text: 'Çalışıyor' };
  return { tone: 'neutral', text: 'Henüz çağrı yok' };
}

/**
 * What one round did, in Turkish sentences for the owner: why it did nothing (another server runs it, the
 * keys are missing), then what it read, linked, sent and pulled, and its failure.
 */
export function roundSummary(r: TrendyolRoundAnswer): string[] {
  if (!r.ran) return ['Eşitleme şu an başka bir sunucuda çalışıyor; birazdan sonuç bu sayfada görünür.'];
  if (!r.configured)
    return [`Trendyol anahtarları tanımlı değil (${TRENDYOL_KEYS}); hiçbir şey gönderilmedi.`];
  const lines = [
    `Trendyol’dan ${r.read} ürün okundu: ${r.linked} eşleşen, ${r.channelOnly} yalnız Trendyol’da, ${r.unlisted} Trendyol’da olmayan.`,
  ];
  const sent =
    r.sent === 0
      ? 'Gönderilecek stok ya da fiyat değişikliği yoktu.'
      : `${r.sent} ürünün stoğu ve fiyatı ${r.requests} istekle gönderildi.`;
  const outcome = [
    r.accepted > 0 ? `${r.accepted} kabul edildi` : '',
    r.refused > 0 ? `${r.refused} reddedildi` : '',
    r.duplicates > 0 ? `${r.duplicates} istek 15 dakika içinde aynısı gönderildiği için atlandı` : '',
  ].filter(Boolean);
  lines.push(outcome.length ? `${sent} ${outcome.join(', ')}.` : sent);
  if (r.unpriced > 0) lines.push(`${r.unpriced} eşleşen ürünün gönderilecek fiyatı yok.`);
  if (r.pulled !== null) lines.push(`Trendyol’dan ${r.pulled} sipariş paketi çekildi ya da güncellendi.`);
  if (r.statusesSent !== null && r.statusesSent > 0)
    lines.push(`${r.statusesSent} sipariş durumu Trendyol’a bildirildi.`);
  if (r.setting === 'off')
    lines.push('Trendyol eşitlemesi ayarlarda kapalı: dakikada bir kendiliğinden çalışmaz.');
  if (r.error) lines.push(`Hata: ${r.error}`);
  if (r.pausedUntil) lines.push(`Trendyol ${formatDateTime(r.pausedUntil)} saatine kadar bekleniyor.`);
  return lines;
}

/** A buffer as the field holds it (text) turned into the request's number; a non-number stays text for zod. */
export function bufferValue(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}
