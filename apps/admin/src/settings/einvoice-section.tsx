import { useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@vitrin/shared/api/admin/settings';
import { einvoiceHealthQuery } from '../orders/order-invoice-api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { FormSelect } from '../ui/form-fields.tsx';
import { HealthRow, HealthStateRow, healthQueryProps, ServiceHealth } from '../ui/service-health.tsx';
import { einvoiceState, missingLegalDetails } from './einvoice-api.ts';
import { SettingsSection } from './settings-section.tsx';

const PARASUT_KEYS =
  'PARASUT_CLIENT_ID, PARASUT_CLIENT_SECRET, PARASUT_USERNAME, PARASUT_PASSWORD ve PARASUT_COMPANY_ID';

/**
 * E-invoicing through Paraşüt (`einvoice_provider`): whether it is on, what the shop's legal details still
 * lack, and for staff who see orders the integrator's health (`GET /einvoice/health`): keys, last good call,
 * last failure, invoices waiting and failed.
 */
export function EInvoiceSection({ settings }: { settings: AdminSettings }) {
  const seesOrders = has(useStaff(), 'orders.read');
  // Keyed by the setting too: turned on or off here, the health is read again at once.
  const health = useQuery({
    ...einvoiceHealthQuery,
    queryKey: [...einvoiceHealthQuery.queryKey, settings.einvoice_provider],
    enabled: seesOrders,
  });
  const missing = missingLegalDetails(settings);
  const h = health.data;
  const state = h ? einvoiceState(h) : null;
  return (
    <>
      <SettingsSection
        id="efatura"
        title="e-Arşiv ve e-Fatura (Paraşüt)"
        settings={settings}
        keys={['einvoice_provider']}
      >
        {(form) => (
          <>
            <p className="text-sm text-stone-700">
              Açıkken “Kargoya Verildi” olan her siparişe Paraşüt üzerinden e-Arşiv fatura (vergi mükellefi
              alıcıya e-Fatura) kesilir; fatura siparişin sayfasındaki “e-Fatura / e-Arşiv” kutusunda ve
              müşterinin sipariş sayfasında PDF olarak durur.
            </p>
            <FormSelect
              form={form}
              name="einvoice_provider"
              label="E-fatura"
              hint="Açmak için mağazanın yasal bilgileri (unvan, VKN, vergi dairesi, adres) ve Paraşüt anahtarları gerekir; eksikse kaydedilmez ve neyin eksik olduğu yazılır."
            >
              <option value="none">Kapalı (faturalar elle kesilir)</option>
              <option value="parasut">Paraşüt</option>
            </FormSelect>
            {missing.length > 0 && (
              <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
                E-fatura açılamaz: mağazanın yasal bilgileri eksik ({missing.join(', ')}). Önce yukarıdaki
                “Mağaza” bölümünü doldurun.
              </p>
            )}
            <p className="text-sm text-stone-700">
              Anahtarlar veritabanında değil, sunucunun ortam değişkenlerinde durur ({PARASUT_KEYS}).
            </p>
          </>
        )}
      </SettingsSection>
      {seesOrders && (
        <ServiceHealth
          title="Paraşüt bağlantısı"
          keys={PARASUT_KEYS}
          {...healthQueryProps(health)}
          before={
            h &&
            state && <HealthStateRow name={h.provider === 'parasut' ? 'Paraşüt' : 'Kapalı'} state={state} />
          }
          extra={
            h && (
              <>
                <HealthRow term="Kesilmeyi bekleyen">{h.pending}</HealthRow>
                <HealthRow term="Kesilemeyen">
                  <span className={h.failed > 0 ? 'font-medium text-red-800' : undefined}>{h.failed}</span>
                </HealthRow>
              </>
            )
          }
          note={
            <p className="text-sm text-stone-700">
              Kesilemeyen bir faturayı, nedenini giderdikten sonra siparişin sayfasındaki “Yeniden dene” ile
              kesebilirsiniz.
            </p>
          }
        />
      )}
    </>
  );
}
