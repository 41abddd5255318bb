import type { Services } from '@vitrin/core';
import type { TrendyolRoundSummary } from '@vitrin/core/marketplace/sync';
import { formatShortDateTime } from '@vitrin/shared/dates';
import { commandError } from './command-error.ts';

export const TRENDYOL_USAGE = `  trendyol sync               Trendyol ile bir tur hemen eşitler: ürünleri okuyup barkodla eşler,
                              değişen stok ve fiyatları gönderir, siparişleri alır (trendyol_sync
                              kapalıyken de, istendiği için çalışır)`;

/** The lines the operator reads after a round. */
export function roundLines(round: TrendyolRoundSummary): string[] {
  const lines: string[] = [];
  if (round.setting !== 'on')
    lines.push(
      'trendyol_sync kapalı (off): sunucu kendiliğinden eşitlemiyor; bu tur elle istendiği için çalıştırıldı.',
    );
  if (!round.configured) {
    lines.push(round.error ?? 'Trendyol anahtarları eksik.');
    return lines;
  }
  if (!round.ran && !round.pausedUntil) {
    lines.push('Başka bir sunucu şu anda Trendyol turunu çalıştırıyor; bir dakika sonra yeniden deneyin.');
    return lines;
  }
  lines.push(`Trendyol'dan ${round.read} ürün okundu.`);
  lines.push(
    `Eşlenen: ${round.linked}, yalnızca Trendyol'da: ${round.channelOnly}, Trendyol'da olmayan barkodlu ürün: ${round.unlisted}.`,
  );
  lines.push(
    round.sent
      ? `${round.sent} ürünün stok ve fiyatı ${round.requests} istekle gönderildi.`
      : 'Gönderilecek stok ya da fiyat değişikliği yok.',
  );
  if (round.duplicates)
    lines.push(`${round.duplicates} istek gönderilmedi: Trendyol aynısını son 15 dakikada almıştı.`);
  if (round.accepted || round.refused)
    lines.push(`Trendyol ${round.accepted} ürünü kabul etti, ${round.refused} ürünü reddetti.`);
  if (round.unpriced)
    lines.push(`${round.unpriced} eşlenen ürünün gönderilecek fiyatı yok (son hataya bakın).`);
  if (round.pulled !== null)
    lines.push(
      `${round.pulled} Trendyol paketi siparişlere işlendi, ${round.statusesSent ?? 0} paket durumu Trendyol'a bildirildi.`,
    );
  else lines.push('Trendyol siparişleri bu sürümde alınmıyor.');
  if (round.error) lines.push(`Hata: ${round.error}`);
  if (round.pausedUntil)
    lines.push(
      `Trendyol ${formatShortDateTime(new Date(round.pausedUntil))} saatine kadar beklenecek; o zamana kadar istek gönderilmez.`,
    );
  return lines;
}

/** `trendyol sync`: one round now, whatever the setting says (asked for by hand). */
export async function trendyolCommand(services: Services, sub: string | undefined, args: string[]) {
  if (sub !== 'sync' || args.length) throw commandError('KOMUT_GECERSIZ', `Kullanım:\n${TRENDYOL_USAGE}`);
  const round = await services.trendyolSync.runNow();
  const text = roundLines(round).join('\n');
  if (round.error && !round.configured) throw commandError('TRENDYOL_ANAHTARLARI_EKSIK', text);
  return text;
}
