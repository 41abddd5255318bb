import { useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@vitrin/shared/api/admin/settings';
import { type ReactNode, useId } from 'react';
import { messageOf } from '../lib/api.ts';
import { einvoiceHealthQuery } from '../orders/order-invoice-api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { whenText } from './carrier-health-api.ts';
import { einvoiceState, missingLegalDetails } from './einvoice-api.ts';

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
  const health = useQuery({ ...einvoiceHealthQuery, enabled: seesOrders });
  const missing = missingLegalDetails(settings);
  const h = health.data;
  const state = h ? einvoiceState(h) : null;
  return (
    <section
      id="efatura"
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-stone-300 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          e-Arşiv ve e-Fatura (Paraşüt)
        </h2>
        {seesOrders && (
          <Button look="secondary" disabled={health.isFetching} onClick={() => void health.refetch()}>
            {health.isFetching ? 'Yenileniyor…' : 'Yenile'}
          </Button>
        )}
      </div>
      <p className="text-sm text-stone-700">
        Açıkken “Kargoya Verildi” olan her siparişe Paraşüt üzerinden e-Arşiv fatura (vergi mükellefi alıcıya
        e-Fatura) kesilir; fatura siparişin sayfasındaki “e-Fatura / e-Arşiv” kutusunda ve müşterinin sipariş
        sayfasında PDF olarak durur.
      </p>
      {missing.length > 0 && (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          E-fatura açılamaz: mağazanın yasal bilgileri eksik ({missing.join(', ')}). Önce yukarıdaki “Mağaza”
          bölümünü doldurun.
        </p>
      )}
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
                {h.lastErrorAt && <span className="block text-stone-700">{whenText(h.lastErrorAt, '')}</span>}
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
        Açmak ya da kapatmak için sunucuda{' '}
        <code>npm run vitrin -- settings set einvoice_provider parasut</code> (kapatmak: <code>none</code>)
        çalıştırın; yasal bilgiler ya da anahtarlar eksikse sunucu neyin eksik olduğunu söyleyerek reddeder.
        Anahtarlar veritabanında değil, sunucunun ortam değişkenlerinde durur ({PARASUT_KEYS}). Kesilemeyen
        faturalar: <code>npm run vitrin -- einvoice list --failed</code>.
      </p>
    </section>
  );
}
