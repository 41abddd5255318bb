import { useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail, OrderPaymentRequest } from '@vitrin/shared/api/admin/orders';
import type { OrderAddressView } from '@vitrin/shared/api/orders';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { OrderDocumentLinks } from '../documents/order-document-links.tsx';
import { messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { CardRefunds } from './card-refunds.tsx';
import { OrderChannelBox } from './order-channel.tsx';
import { OrderInvoice } from './order-invoice.tsx';
import { OrderNotes } from './order-notes.tsx';
import { OrderShipments, shippable } from './order-shipments.tsx';
import { orderQuery, useOrderWrite } from './orders-api.ts';
import { StateBadge } from './state-badge.tsx';
import { StatusDialog } from './status-dialog.tsx';

const ACTORS = {
  customer: 'Müşteri',
  payment: 'Ödeme',
  system: 'Sistem',
  operator: 'Mağaza',
  carrier: 'Kargo',
  channel: 'Pazaryeri',
} as const;

function Section({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section
      aria-label={title}
      className={`rounded-lg border border-stone-300 bg-white p-4 ${wide ? 'lg:col-span-2' : ''}`}
    >
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Address({ address }: { address: OrderAddressView | null }) {
  if (!address) return <p className="text-sm">Teslimat adresi yok (sanal ürünler).</p>;
  return (
    <address className="text-sm not-italic">
      <div className="font-medium">
        {address.firstName} {address.lastName}
      </div>
      {address.companyName && <div>{address.companyName}</div>}
      <div>{address.line}</div>
      <div>
        {address.district} / {address.province} {address.postcode ?? ''}
      </div>
      <div>{address.phone}</div>
      {address.taxNumber && (
        <div>
          VKN {address.taxNumber} · {address.taxOffice}
        </div>
      )}
      {address.tcKimlikNo && <div>TCKN {address.tcKimlikNo}</div>}
    </address>
  );
}

const PROVIDER_NAMES: Record<string, string> = { test: 'Test bankası', iyzico: 'iyzico', paytr: 'PayTR' };
const MODE_NAMES = { test: 'deneme', sandbox: 'test ortamı', live: 'canlı' } as const;

function Payment({ detail, canWrite }: { detail: AdminOrderDetail; canWrite: boolean }) {
  const { order } = detail;
  const mark = useOrderWrite<OrderPaymentRequest>(order.orderNo, 'payment');
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        {order.paymentMethodLabel} · <strong>{order.paymentStatusLabel}</strong>
        {order.instalments > 1 ? ` · ${order.instalments} taksit` : ''}
        {order.instalments > 1 && order.lastPayment?.paidTotalMinor != null
          ? ` (kartından çekilen toplam ${formatMoney(order.lastPayment.paidTotalMinor)})`
          : ''}
      </p>
      {order.lastPayment && (
        <p>
          {order.lastPayment.cardLast4 ? `Kart: •••• ${order.lastPayment.cardLast4} · ` : ''}
          {PROVIDER_NAMES[order.lastPayment.provider] ?? order.lastPayment.provider} (
          {MODE_NAMES[order.lastPayment.mode]})
        </p>
      )}
      {order.couponCode && <p>Kupon: {order.couponCode}</p>}
      {canWrite && (detail.canMarkPaid || detail.canMarkRefunded) && (
        <div className="flex flex-wrap gap-2">
          {detail.canMarkPaid && (
            <Button
              look="secondary"
              disabled={mark.isPending}
              onClick={() => mark.mutate({ status: 'paid' })}
            >
              Havale / EFT geldi
            </Button>
          )}
          {detail.canMarkRefunded && (
            <Button
              look="secondary"
              disabled={mark.isPending}
              onClick={() => mark.mutate({ status: 'refunded' })}
            >
              Para iade edildi
            </Button>
          )}
        </div>
      )}
      {mark.isError && <FormError message={messageOf(mark.error)} />}
      {order.paymentMethod === 'card' && order.lastPayment && (
        <CardRefunds orderNo={order.orderNo} canWrite={canWrite} />
      )}
    </div>
  );
}

/** One order: everything the shop needs to prepare, ship and answer for it, and its state changes. */
export function OrderPage() {
  const { number = '' } = useParams();
  const canWrite = has(useStaff(), 'orders.write');
  const [changing, setChanging] = useState(false);
  const detail = useQuery(orderQuery(number));

  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    return (
      <Page title={`Sipariş ${number}`}>
        <FormError message={messageOf(detail.error)} />
        <Link to={paths.orders} className="text-amber-900 underline">
          Siparişlere dönün
        </Link>
      </Page>
    );
  }
  const d = detail.data;
  const o = d.order;
  return (
    <Page
      title={`Sipariş ${o.orderNo}`}
      actions={
        canWrite && d.nextStates.length > 0 ? (
          <Button onClick={() => setChanging(true)}>Durumu değiştir</Button>
        ) : null
      }
    >
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <StateBadge state={o.state} />
        <span>{formatDateTime(o.createdAt)}</span>
        <span className="font-medium">{formatMoney(o.totalMinor)}</span>
        <Link to={paths.orders} className="text-amber-900 underline">
          Tüm siparişler
        </Link>
      </div>
      <OrderDocumentLinks orderNo={o.orderNo} />
      <div className="grid gap-4 lg:grid-cols-2">
        {d.channel && <OrderChannelBox orderNo={o.orderNo} channel={d.channel} canWrite={canWrite} />}
        <Section title="Ürünler" wide>
          <ul className="flex flex-col divide-y divide-stone-200 text-sm">
            {o.lines.map((line) => (
              <li
                key={`${line.sku}-${line.variantId ?? ''}`}
                className="flex flex-wrap justify-between gap-2 py-2"
              >
                <div className="min-w-0">
                  <div className="font-medium">{line.name}</div>
                  <div className="text-stone-700">
                    {line.sku}
                    {Object.entries(line.options).map(([k, v]) => ` · ${k}: ${v}`)}
                  </div>
                </div>
                <div className="text-right whitespace-nowrap">
                  {line.quantity} × {formatMoney(line.unitPriceMinor)} ={' '}
                  <strong>{formatMoney(line.lineTotalMinor)}</strong>
                </div>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone-200 pt-3 text-sm">
            <dt>Ara toplam</dt>
            <dd className="text-right">{formatMoney(o.totals.subtotalMinor)}</dd>
            {o.totals.discountMinor > 0 && (
              <>
                <dt>İndirim</dt>
                <dd className="text-right">-{formatMoney(o.totals.discountMinor)}</dd>
              </>
            )}
            <dt>Kargo</dt>
            <dd className="text-right">{formatMoney(o.totals.shippingMinor)}</dd>
            {o.totals.codFeeMinor > 0 && (
              <>
                <dt>Kapıda ödeme bedeli</dt>
                <dd className="text-right">{formatMoney(o.totals.codFeeMinor)}</dd>
              </>
            )}
            {o.totals.instalmentFeeMinor > 0 && (
              <>
                <dt>Taksit farkı</dt>
                <dd className="text-right">{formatMoney(o.totals.instalmentFeeMinor)}</dd>
              </>
            )}
            <dt className="font-semibold">Toplam</dt>
            <dd className="text-right font-semibold">{formatMoney(o.totals.totalMinor)}</dd>
          </dl>
        </Section>
        <Section title="Müşteri">
          <div className="flex flex-col gap-1 text-sm">
            <p className="font-medium">{d.customer ? d.customer.name : 'Misafir alışverişi'}</p>
            <p className="[overflow-wrap:anywhere]">{o.email}</p>
            <p>{o.phone}</p>
            {o.note && <p className="mt-2 rounded-md bg-amber-50 p-2">Müşteri notu: {o.note}</p>}
          </div>
        </Section>
        <Section title="Ödeme">
          <Payment detail={d} canWrite={canWrite} />
        </Section>
        <Section title="Teslimat adresi">
          <Address address={o.shippingAddress} />
        </Section>
        <Section title="Fatura adresi">
          <Address address={o.billingAddress} />
        </Section>
        {o.cargo && (
          <Section title="Kargo">
            <p className="text-sm">
              {o.cargo.company} · Takip no: <strong>{o.cargo.trackingNo}</strong>
            </p>
            {d.trackingUrl && (
              <a
                href={d.trackingUrl}
                target="_blank"
                rel="noreferrer"
                className="text-sm text-amber-900 underline"
              >
                Kargoyu takip et
              </a>
            )}
          </Section>
        )}
        <OrderShipments orderNo={o.orderNo} canShip={shippable(d.nextStates)} canWrite={canWrite} />
        <OrderInvoice orderNo={o.orderNo} invoice={d.invoice ?? null} canWrite={canWrite} />
        <Section title="Geçmiş">
          <ol className="flex flex-col gap-2 text-sm">
            {d.history.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center gap-2">
                <StateBadge state={h.state} />
                <span>{formatDateTime(h.at)}</span>
                <span className="text-stone-700">
                  {ACTORS[h.actor]}
                  {h.staff && ` · ${h.staff.name}`}
                </span>
                {h.note && <span className="w-full text-stone-800">{h.note}</span>}
              </li>
            ))}
          </ol>
        </Section>
        <Section title="Personel notları" wide>
          <OrderNotes orderNo={o.orderNo} notes={d.notes} canWrite={canWrite} />
        </Section>
      </div>
      {canWrite && <StatusDialog order={d} open={changing} onClose={() => setChanging(false)} />}
    </Page>
  );
}
