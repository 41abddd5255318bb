import { useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@vitrin/shared/api/admin/settings';
import { Link } from 'react-router';
import { TRENDYOL_KEYS, trendyolHealthQuery } from '../marketplace/trendyol-api.ts';
import { paths } from '../paths.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { SettingsSection } from './settings-section.tsx';

/** What the adjust field means under each price rule. */
const ADJUST = {
  none: { label: 'Fiyat farkı', hint: 'Kural yok: Trendyol’a mağazanın kendi satış fiyatı gönderilir.' },
  percent: {
    label: 'Fiyat farkı (%)',
    hint: 'Yüzde: ör. 10 satış fiyatının %10 fazlası, -5 %5 eksiği (-90 ile 10000 arası, en çok iki ondalık).',
  },
  fixed: {
    label: 'Fiyat farkı (TL)',
    hint: 'Sabit tutar: ör. 15 satış fiyatına 15 TL eklenir, -5 5 TL düşülür (en çok iki ondalık).',
  },
} as const;

/**
 * Trendyol (`trendyol_sync`, `trendyol_price_rule`, `trendyol_price_adjust`): the sync switch (the server
 * refuses it without the seller's keys and names them), the price rule and its amount, and the way to the
 * Trendyol screen.
 */
export function TrendyolSection({ settings }: { settings: AdminSettings }) {
  const seesCatalog = has(useStaff(), 'catalog.read');
  const health = useQuery({
    ...trendyolHealthQuery,
    queryKey: [...trendyolHealthQuery.queryKey, settings.trendyol_sync],
    enabled: seesCatalog,
  });
  const missing = health.data?.missing ?? [];
  return (
    <SettingsSection
      id="trendyol"
      title="Trendyol"
      settings={settings}
      keys={['trendyol_sync', 'trendyol_price_rule', 'trendyol_price_adjust']}
    >
      {(form) => {
        const rule = (form.watch('trendyol_price_rule') as keyof typeof ADJUST | undefined) ?? 'none';
        const adjust = ADJUST[rule] ?? ADJUST.none;
        return (
          <>
            <p className="text-sm text-stone-700">
              Açıkken barkodu Trendyol’daki bir ürünle eşleşen ürünlerin stoğu ve fiyatı dakikada bir
              Trendyol’a gönderilir, Trendyol siparişleri siparişlerin arasına gelir. Stok tektir: aynı son
              parça iki kez satılmaz.
            </p>
            <FormSelect
              form={form}
              name="trendyol_sync"
              label="Trendyol eşitlemesi"
              hint="Açmak için Trendyol anahtarları sunucunun ortamında tanımlı olmalı; eksikse kaydedilmez ve hangisinin eksik olduğu yazılır."
            >
              <option value="off">Kapalı</option>
              <option value="on">Açık</option>
            </FormSelect>
            {missing.length > 0 && (
              <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
                Trendyol eşitlemesi açılamaz: {missing.join(', ')} ortamda tanımlı değil.
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormSelect form={form} name="trendyol_price_rule" label="Trendyol fiyat kuralı">
                <option value="none">Mağaza fiyatı</option>
                <option value="percent">Yüzde ekle / düş</option>
                <option value="fixed">Sabit tutar ekle / düş</option>
              </FormSelect>
              <FormInput
                form={form}
                name="trendyol_price_adjust"
                label={adjust.label}
                inputMode="decimal"
                autoComplete="off"
                hint={adjust.hint}
              />
            </div>
            <p className="text-sm text-stone-700">
              Liste fiyatı satış fiyatının altına düşmez. Anahtarlar veritabanında değil, sunucunun ortam
              değişkenlerinde durur ({TRENDYOL_KEYS}; TRENDYOL_BASE_URL boşsa canlı adres).
              {seesCatalog && (
                <>
                  {' '}
                  Eşleşen ürünler, ayrılan stok ve bağlantının durumu{' '}
                  <Link to={paths.trendyol} className="text-amber-900 underline">
                    Trendyol ekranında
                  </Link>
                  .
                </>
              )}
            </p>
          </>
        );
      }}
    </SettingsSection>
  );
}
