import { messageOf } from '../lib/api.ts';
import { Field, FormError } from '../ui/field.tsx';
import { FormInput, FormTextarea } from '../ui/form-fields.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { BankAccountFields } from './bank-accounts.tsx';
import { EInvoiceSection } from './einvoice-section.tsx';
import { MaintenanceSwitch } from './maintenance-switch.tsx';
import { PaymentSection } from './payment-section.tsx';
import { useSettings } from './settings-api.ts';
import { SettingsSection } from './settings-section.tsx';
import { ShippingSection } from './shipping-section.tsx';
import { TrendyolSection } from './trendyol-section.tsx';

const LIRA = 'TL olarak, ör. 49,90.';
const RATE = 'Virgülle, en çok 4 ondalık: ör. 34,5678.';

/** The shop's settings in sections, each saved on its own; the storefront follows at once. */
export function SettingsPage() {
  const query = useSettings();
  const answer = query.data;
  return (
    <Page title="Ayarlar">
      {query.isPending && <Loading />}
      {query.isError && <FormError message={messageOf(query.error)} />}
      {answer && (
        <div className="flex flex-col gap-5">
          <SettingsSection
            id="magaza"
            title="Mağaza"
            settings={answer.settings}
            keys={['brand_name', 'unvan', 'tax_id', 'tax_office', 'mersis_no', 'contact_address']}
          >
            {(form) => (
              <>
                <FormInput form={form} name="brand_name" label="Mağaza adı" />
                <FormInput
                  form={form}
                  name="unvan"
                  label="Ticari unvan"
                  hint="Faturada ve sitenin altında."
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormInput form={form} name="tax_id" label="VKN / TCKN" inputMode="numeric" />
                  <FormInput form={form} name="tax_office" label="Vergi dairesi" />
                </div>
                <FormInput form={form} name="mersis_no" label="MERSİS numarası" inputMode="numeric" />
                <Field
                  label="Adres"
                  error={form.formState.errors.contact_address?.message as string | undefined}
                >
                  {(control) => (
                    <textarea
                      {...control}
                      rows={3}
                      className="w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
                      {...form.register('contact_address')}
                    />
                  )}
                </Field>
              </>
            )}
          </SettingsSection>
          <SettingsSection
            title="İletişim"
            settings={answer.settings}
            keys={['contact_phone', 'contact_email', 'order_email']}
          >
            {(form) => (
              <>
                <FormInput form={form} name="contact_phone" label="Telefon" type="tel" />
                <FormInput form={form} name="contact_email" label="E-posta" type="email" />
                <FormInput
                  form={form}
                  name="order_email"
                  label="Sipariş bildirim e-postası"
                  type="email"
                  hint="Boş: yeni siparişler iletişim e-postasına bildirilir."
                />
              </>
            )}
          </SettingsSection>
          <SettingsSection title="Banka hesapları" settings={answer.settings} keys={['bank_accounts']}>
            {(form) => <BankAccountFields form={form} />}
          </SettingsSection>
          <SettingsSection
            title="Kargo ve ödeme"
            settings={answer.settings}
            keys={['shipping_fee', 'free_shipping_threshold', 'cod_fee']}
          >
            {(form) => (
              <>
                <FormInput
                  form={form}
                  name="shipping_fee"
                  label="Kargo ücreti (TL)"
                  inputMode="decimal"
                  hint={LIRA}
                />
                <FormInput
                  form={form}
                  name="free_shipping_threshold"
                  label="Ücretsiz kargo sınırı (TL)"
                  inputMode="decimal"
                  hint={`${LIRA} Bu tutar ve üzeri ücretsiz; 0: hiç ücretsiz değil.`}
                />
                <FormInput
                  form={form}
                  name="cod_fee"
                  label="Kapıda ödeme bedeli (TL)"
                  inputMode="decimal"
                  hint={LIRA}
                />
              </>
            )}
          </SettingsSection>
          <ShippingSection settings={answer.settings} />
          <PaymentSection settings={answer.settings} />
          <EInvoiceSection settings={answer.settings} />
          <TrendyolSection settings={answer.settings} />
          <SettingsSection title="Döviz kurları" settings={answer.settings} keys={['usd_rate', 'eur_rate']}>
            {(form) => (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormInput form={form} name="usd_rate" label="1 USD (TL)" inputMode="decimal" hint={RATE} />
                <FormInput form={form} name="eur_rate" label="1 EUR (TL)" inputMode="decimal" hint={RATE} />
              </div>
            )}
          </SettingsSection>
          <SettingsSection
            title="Gece yedeği"
            settings={answer.settings}
            keys={['backup_time', 'backup_keep']}
          >
            {(form) => (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormInput
                  form={form}
                  name="backup_time"
                  label="Saat (Türkiye saati)"
                  inputMode="numeric"
                  hint="SS:DD, ör. 03:30. Boş: gece yedeği alınmaz. PostgreSQL kullanan mağazada sunuculardan biri pg_dump ile alır."
                />
                <FormInput
                  form={form}
                  name="backup_keep"
                  label="Saklanacak yedek sayısı"
                  inputMode="numeric"
                  hint="Daha eski gece yedekleri silinir."
                />
              </div>
            )}
          </SettingsSection>
          <SettingsSection
            id="pazarlama"
            title="Pazarlama e-postaları"
            settings={answer.settings}
            keys={['abandoned_cart_minutes', 'review_request_days']}
          >
            {(form) => (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormInput
                  form={form}
                  name="abandoned_cart_minutes"
                  label="Terk edilen sepet hatırlatması (dakika)"
                  inputMode="numeric"
                  hint="Sepet bu kadar dakika dokunulmadan kalınca tek bir hatırlatma e-postası gider; yalnızca ticari ileti izni veren müşterilere, 7 günden eski sepetlere hiç. 0: kapalı."
                />
                <FormInput
                  form={form}
                  name="review_request_days"
                  label="Değerlendirme isteği (teslimattan kaç gün sonra)"
                  inputMode="numeric"
                  hint="Teslim edilen siparişin ürünlerini değerlendirme isteği, sipariş başına bir kez; yalnızca izin verenlere, 30 günden eski teslimatlara hiç. 0: kapalı."
                />
              </div>
            )}
          </SettingsSection>
          <MaintenanceSwitch answer={answer} />
          <SettingsSection title="Bakım ekranı" settings={answer.settings} keys={['maintenance_text']}>
            {(form) => (
              <FormTextarea
                form={form}
                name="maintenance_text"
                label="Bakım ekranının metni"
                rows={5}
                hint="Bakım sırasında ziyaretçiler bu metni görür; en fazla 500 karakter."
              />
            )}
          </SettingsSection>
        </div>
      )}
    </Page>
  );
}
