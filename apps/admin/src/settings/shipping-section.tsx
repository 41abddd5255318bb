import type { AdminSettings } from '@vitrin/shared/api/admin/settings';
import { has, useStaff } from '../session/staff-session.ts';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { CarrierHealthView } from './carrier-health.tsx';
import { SettingsSection } from './settings-section.tsx';

const PROVIDERS = [
  { value: 'manual', label: 'Elle (firma ve takip numarası elle girilir)' },
  { value: 'geliver', label: 'Geliver' },
  { value: 'yurtici', label: 'Yurtiçi Kargo' },
] as const;

/**
 * Where labels are bought (`shipping_provider`) and the shop's sender address (`shipping_sender`) the carriers
 * print on them. The carriers' keys stay in the server's environment; their health follows, for staff who see
 * orders.
 */
export function ShippingSection({ settings }: { settings: AdminSettings }) {
  const seesOrders = has(useStaff(), 'orders.read');
  return (
    <>
      <SettingsSection
        id="kargo"
        title="Kargo entegrasyonu"
        settings={settings}
        keys={['shipping_provider', 'shipping_sender']}
      >
        {(form) => (
          <>
            <FormSelect
              form={form}
              name="shipping_provider"
              label="Kargo etiketi"
              hint="Geliver ya da Yurtiçi Kargo seçildiğinde siparişin sayfasında “Kargo etiketi al” düğmesi çıkar."
            >
              {PROVIDERS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </FormSelect>
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-2 font-medium">Gönderici adresi</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormInput form={form} name="shipping_sender.city" label="İl" autoComplete="address-level1" />
                <FormInput
                  form={form}
                  name="shipping_sender.district"
                  label="İlçe"
                  autoComplete="address-level2"
                />
              </div>
              <FormInput
                form={form}
                name="shipping_sender.address"
                label="Adres"
                autoComplete="street-address"
                hint="Mahalle, cadde / sokak, bina ve kapı numarası."
              />
              <FormInput
                form={form}
                name="shipping_sender.postalCode"
                label="Posta kodu"
                inputMode="numeric"
                autoComplete="postal-code"
                hint="5 rakam. Dört alan da boş bırakılırsa gönderici adresi silinir."
              />
            </fieldset>
            <p className="text-sm text-stone-700">
              Anahtarlar veritabanında değil, sunucunun ortam değişkenlerinde durur: Geliver için
              GELIVER_API_TOKEN, Yurtiçi Kargo için YURTICI_USERNAME ve YURTICI_PASSWORD. Gönderici adı ve
              telefonu mağazanın unvanı ve telefonudur.
            </p>
          </>
        )}
      </SettingsSection>
      {seesOrders && <CarrierHealthView provider={settings.shipping_provider} />}
    </>
  );
}
