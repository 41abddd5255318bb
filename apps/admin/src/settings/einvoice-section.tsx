import { useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@vitrin/shared/api/admin/settings';
import { type ReactNode, useId } from 'react';
import { messageOf } from '../lib/api.ts';
import { einvoiceHealthQuery } from '../orders/order-invoice-api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { FormSelect } from '../ui/form-fields.tsx';
import { whenText } from './carrier-health-api.ts';
import { einvoiceState, missingLegalDetails } from './einvoice-api.ts';
import { SettingsSection } from './settings-section.tsx';

const PARASUT_KEYS =
  'PARASUT_CLIENT_ID, PARASUT_CLIENT_SECRET, PARASUT_USERNAME, PARASUT_PASSWORD ve PARASUT_COMPANY_ID';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-stone-700">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * E-invoicing through Paraşüt (`einvoice_provider`): whether it is on, what the shop's legal details still
 * lack, and for staff who see orders the integrator's health (`GET /einvoice/health`): keys, last good call,
 * last failure, invoices waiting and failed.
 */
export function EInvoiceSection({ settings }: { settings: AdminSettings }) {
  const headingId = useId();
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
        <section
          aria-labelledby={headingId}
          className="flex flex-col gap-4 rounded-lg border border-stone-300 bg-white p-4 sm:p-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={headingId} className="text-lg font-semibold">
              Paraşüt bağlantısı
            </h2>
            <Button look="secondary" disabled={health.isFetching} onClick={() => void health.refetch()}>
              {health.isFetching ? 'Yenileniyor…' : 'Yenile'}
            </Button>
          </div>
          {health.isError && <FormError message={messageOf(health.error)} />}
          {h && state && (
            <dl className="flex flex-col gap-2 text-sm">
              <Row term="Durum">
                <span className="flex flex-wrap items-center gap-2">
                  <strong>{h.provider === 'parasut' ? 'Paraşüt' : 'Kapalı'}</strong>
                  <Badge tone={state.tone}>{state.text}</Badge>
                </span>
              </Row>
              <Row term="Anahtarlar">{h.configured ? 'Tanımlı' : `Tanımlı değil (${PARASUT_KEYS})`}</Row>
              <Row term="Son başarılı yanıt">{whenText(h.lastSuccessAt, 'Henüz yok')}</Row>
              <Row term="Son hata">
                {h.lastError ? (
                  <>
                    <span className="text-red-800">{h.lastError}</span>
                    {h.lastErrorAt && (
                      <span className="block text-stone-700">{whenText(h.lastErrorAt, '')}</span>
                    )}
                  </>
                ) : (
                  'Yok'
                )}
              </Row>
              <Row term="Kesilmeyi bekleyen">{h.pending}</Row>
              <Row term="Kesilemeyen">
                <span className={h.failed > 0 ? 'font-medium text-red-800' : undefined}>{h.failed}</span>
              </Row>
            </dl>
          )}
          <p className="text-sm text-stone-700">
            Kesilemeyen bir faturayı, nedenini giderdikten sonra siparişin sayfasındaki “Yeniden dene” ile
            kesebilirsiniz.
          </p>
        </section>
      )}
    </>
  );
}
