import { formatTurkishMobile } from '@vitrin/shared/address/phone';
import type { OrderAddressView, OrderDetail } from '@vitrin/shared/api/orders';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { OrderBadge } from './order-badge.tsx';
import { OrderLine, TotalsList } from './order-lines.tsx';
import '../i18n/tr-checkout.ts';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-sand-200 bg-white p-5 md:p-6">
      <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
      <div className="mt-3 text-sm text-ink-800">{children}</div>
    </section>
  );
}

function AddressBlock({ address, invoice }: { address: OrderAddressView; invoice: boolean }) {
  const { t } = useTranslation();
  return (
    <address className="not-italic">
      <p className="font-medium text-ink-900">
        {address.firstName} {address.lastName}
      </p>
      <p>{address.line}</p>
      <p>
        {address.district} / {address.province} {address.postcode ?? ''}
      </p>
      <p>{formatTurkishMobile(address.phone) ?? address.phone}</p>
      {invoice &&
        (address.billingType === 'corporate' ? (
          <p className="mt-1">
            {address.companyName} ·{' '}
            {t('orderView.taxNumber', { vkn: address.taxNumber ?? '', office: address.taxOffice ?? '' })}
          </p>
        ) : (
          <p className="mt-1">{t('orderView.tcKimlik', { tc: address.tcKimlikNo ?? '' })}</p>
        ))}
    </address>
  );
}

/** Bank accounts to send a Havale / EFT to, with the order number as the reference. */
export function BankAccounts({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <p>{t('orderView.transferText', { orderNo: order.orderNo, total: formatMoney(order.totalMinor) })}</p>
      <ul className="space-y-2">
        {order.bankAccounts.map((a) => (
          <li key={a.iban} className="rounded-lg bg-sand-100 p-3">
            <p className="font-medium text-ink-900">{a.bank}</p>
            <p>{a.holder}</p>
            <p className="font-mono text-ink-900">{a.iban.replace(/(.{4})/g, '$1 ').trim()}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An order's lines, totals, addresses, payment and timeline (order-success and the panel's detail). */
export function OrderView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { totals } = order;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-6">
        <Card title={t('orderView.lines')}>
          <ul className="divide-y divide-sand-200">
            {order.lines.map((line) => (
              <OrderLine
                key={`${line.sku}-${JSON.stringify(line.personalization)}`}
                {...line}
                name={
                  line.slug ? (
                    <a href={`/product/${line.slug}`} className="hover:underline">
                      {line.name}
                    </a>
                  ) : (
                    line.name
                  )
                }
              />
            ))}
          </ul>
          <div className="mt-3 border-t border-sand-200 pt-3">
            <TotalsList
              totals={totals}
              couponCode={order.couponCode}
              needsShipping={order.shippingAddress !== null}
            />
          </div>
        </Card>
        <Card title={t('orderView.timeline')}>
          <ol className="space-y-3 border-l-2 border-sand-200 pl-4">
            {order.history.map((entry) => (
              <li key={`${entry.at}-${entry.fromCode}-${entry.state.code}`}>
                <OrderBadge state={entry.state} />
                <p className="mt-1 text-ink-700">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {entry.note && ` · ${entry.note}`}
                </p>
              </li>
            ))}
          </ol>
        </Card>
      </div>
      <div className="space-y-6">
        <Card title={t('orderView.payment')}>
          <p className="font-medium text-ink-900">{order.paymentMethodLabel}</p>
          <p>
            {order.paymentStatusLabel}
            {order.instalments > 1 && ` · ${t('orderView.instalments', { count: order.instalments })}`}
            {order.instalments > 1 &&
              order.lastPayment?.paidTotalMinor != null &&
              ` (${t('orderView.paidTotal', { total: formatMoney(order.lastPayment.paidTotalMinor) })})`}
            {order.lastPayment?.cardLast4 && ` · **** ${order.lastPayment.cardLast4}`}
          </p>
          {order.paymentMethod === 'transfer' && order.paymentStatus === 'pending' && (
            <div className="mt-3">
              <BankAccounts order={order} />
            </div>
          )}
        </Card>
        {order.shipments.length > 0 && (
          <Card title={t('orderView.cargo')}>
            <ul className="space-y-4" data-testid="shipments">
              {order.shipments.map((s) => (
                <li key={s.trackingNo} data-testid="shipment">
                  <p>{s.carrier}</p>
                  <p>
                    {t('orderView.trackingNo')}: <span className="font-mono">{s.trackingNo}</span>
                  </p>
                  {s.trackingUrl && (
                    <p className="mt-3">
                      <a
                        href={s.trackingUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-block rounded-lg bg-clay-700 px-4 py-2 font-medium text-white hover:bg-clay-800"
                        data-testid="shipment-tracking-link"
                      >
                        {t('orderView.track', { company: s.carrier })}{' '}
                        <span className="sr-only">{t('form.newTab')}</span>
                      </a>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        )}
        {order.shipments.length === 0 && order.cargo && (
          <Card title={t('orderView.cargo')}>
            <p>{order.cargo.company}</p>
            <p>
              {t('orderView.trackingNo')}: <span className="font-mono">{order.cargo.trackingNo}</span>
            </p>
            {order.cargo.trackingUrl && (
              <p className="mt-3">
                <a
                  href={order.cargo.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-block rounded-lg bg-clay-700 px-4 py-2 font-medium text-white hover:bg-clay-800"
                  data-testid="tracking-link"
                >
                  {t('orderView.track', { company: order.cargo.company })}{' '}
                  <span className="sr-only">{t('form.newTab')}</span>
                </a>
              </p>
            )}
          </Card>
        )}
        {order.shippingAddress && (
          <Card title={t('checkout.shippingAddress')}>
            <AddressBlock address={order.shippingAddress} invoice={false} />
          </Card>
        )}
        <Card title={t('checkout.billing')}>
          <AddressBlock address={order.billingAddress} invoice />
          {order.invoicePdfUrl && (
            <p className="mt-3">
              <a
                href={order.invoicePdfUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="invoice-link"
                className="inline-block rounded-lg bg-clay-700 px-4 py-2 font-medium text-white hover:bg-clay-800"
              >
                {t('orderView.invoice')} <span className="sr-only">{t('form.newTab')}</span>
              </a>
            </p>
          )}
        </Card>
        {order.note && (
          <Card title={t('checkout.note')}>
            <p className="whitespace-pre-line">{order.note}</p>
          </Card>
        )}
      </div>
    </div>
  );
}
