import type { CustomerDetail } from '@vitrin/shared/api/admin/customers';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { type ReactNode, useId } from 'react';
import { Link, useParams } from 'react-router';
import { messageOf } from '../lib/api.ts';
import { orderScreen } from '../orders/orders-api.ts';
import { StateBadge } from '../orders/state-badge.tsx';
import { has, useStaff } from '../session/staff-session.ts';
import { TicketBadge } from '../tickets/ticket-badge.tsx';
import { ticketScreen } from '../tickets/tickets-api.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { customerExportUrl, useCustomer, useCustomerChange, useGuestOrdersLink } from './customers-api.ts';
import { CustomerBadges } from './customers-page.tsx';
import { EraseDialog } from './erase-dialog.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-white p-4"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const none = (text: string) => <p className="text-sm text-stone-700">{text}</p>;

type OrderRow = CustomerDetail['orders'][number];

function OrderList({ orders, unlinked }: { orders: OrderRow[]; unlinked?: boolean }) {
  return (
    <ul className="flex flex-col divide-y divide-stone-200 text-sm">
      {orders.map((o) => (
        <li key={o.orderNo} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <Link to={orderScreen(o.orderNo)} className="font-medium text-amber-900 underline">
            {o.orderNo}
          </Link>
          {unlinked && <Badge tone="warn">hesaba bağlı değil</Badge>}
          <StateBadge state={o.status} />
          <span>{formatDateTime(o.createdAt)}</span>
          <span className="font-medium">{formatMoney(o.totalMinor)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Orders placed as a guest with the customer's e-mail address: the account does not show them until the
 * customer opens the link e-mailed to that address, which staff may send from here.
 */
function GuestOrders({ customer: c, canWrite }: { customer: CustomerDetail; canWrite: boolean }) {
  const link = useGuestOrdersLink(c.id);
  if (c.guestOrders.length === 0) return null;
  return (
    <Section title="Aynı e-postayla verilen misafir siparişleri">
      <p className="text-sm text-stone-700">
        Bu siparişler müşterinin hesabında görünmez. Müşteri, e-posta adresine gönderilen bağlantıyı açınca
        hesabına eklenir.
      </p>
      <OrderList orders={c.guestOrders} unlinked />
      {canWrite && !c.disabled && (
        <div className="flex flex-wrap items-center gap-3">
          <Button look="secondary" disabled={link.isPending} onClick={() => link.mutate()}>
            Bağlama e-postası gönder
          </Button>
          {link.data && (
            <p role="status" className="text-sm text-green-800">
              Bağlantı {c.email} adresine gönderildi ({link.data.count} sipariş, 24 saat geçerli).
            </p>
          )}
        </div>
      )}
      <FormError message={link.error ? messageOf(link.error) : undefined} />
    </Section>
  );
}

/** One customer: who they are, what staff may change, their orders, addresses and tickets. */
export function CustomerPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const canWrite = has(useStaff(), 'customers.write');
  const change = useCustomerChange(Number(id));
  const c = customer.data;
  if (!c) {
    return (
      <Page title="Müşteri">
        {customer.isPending ? <Loading /> : <FormError message={messageOf(customer.error)} />}
      </Page>
    );
  }
  const busy = change.update.isPending || change.erase.isPending;
  const failed = change.update.error ?? change.erase.error;
  return (
    <Page title={`${c.firstName} ${c.lastName}`.trim()}>
      <Section title="Hesap">
        <CustomerBadges customer={c} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">E-posta</dt>
          <dd className="[overflow-wrap:anywhere]">{c.email}</dd>
          <dt className="text-stone-600">Telefon</dt>
          <dd>{c.phone || '—'}</dd>
          <dt className="text-stone-600">Kayıt</dt>
          <dd>{formatDateTime(c.createdAt)}</dd>
          <dt className="text-stone-600">Kampanya izni</dt>
          <dd>{c.marketingConsent ? 'Var' : 'Yok'}</dd>
          {c.erasedAt && (
            <>
              <dt className="text-stone-600">Silinme</dt>
              <dd>{formatDateTime(c.erasedAt)}</dd>
            </>
          )}
        </dl>
        {canWrite && !c.erased && (
          <div className="flex flex-wrap gap-2">
            <Button
              look="secondary"
              disabled={busy}
              onClick={() => change.update.mutate({ wholesale: !c.wholesale })}
            >
              {c.wholesale ? 'Toptan fiyatı kapat' : 'Toptan fiyat ver'}
            </Button>
            <Button
              look="secondary"
              disabled={busy}
              onClick={() => change.update.mutate({ disabled: !c.disabled })}
            >
              {c.disabled ? 'Hesabı etkinleştir' : 'Hesabı devre dışı bırak'}
            </Button>
            <a
              href={customerExportUrl(c.id)}
              download
              className="inline-flex min-h-10 items-center rounded-md border border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-900 hover:bg-stone-100"
            >
              Verilerini indir (KVKK)
            </a>
            <EraseDialog email={c.email} erase={change.erase} />
          </div>
        )}
        <FormError message={failed ? messageOf(failed) : undefined} />
      </Section>
      <Section title="Siparişler">
        {c.orders.length === 0 ? none('Siparişi yok.') : <OrderList orders={c.orders} />}
      </Section>
      <GuestOrders customer={c} canWrite={canWrite} />
      <Section title="Adresler">
        {c.addresses.length === 0 ? (
          none('Kayıtlı adresi yok.')
        ) : (
          <ul className="grid gap-3 text-sm md:grid-cols-2">
            {c.addresses.map((a) => (
              <li key={a.id} className="rounded-md border border-stone-200 p-3">
                <div className="font-medium">{a.title}</div>
                <div>{`${a.firstName} ${a.lastName}`}</div>
                <div>{a.line}</div>
                <div>{`${a.district} / ${a.province}`}</div>
                <div>{a.phone}</div>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Destek talepleri">
        {c.tickets.length === 0 ? (
          none('Destek talebi yok.')
        ) : (
          <ul className="flex flex-col divide-y divide-stone-200 text-sm">
            {c.tickets.map((t) => (
              <li key={t.ticketNo} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link to={ticketScreen(t.ticketNo)} className="font-medium text-amber-900 underline">
                  {t.ticketNo}
                </Link>
                <span className="flex-1">{t.subject}</span>
                <TicketBadge status={t.status} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
