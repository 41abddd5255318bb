import { createColumnHelper } from '@tanstack/react-table';
import type { AdminOrderList, AdminOrderRow } from '@vitrin/shared/api/admin/orders';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { Link } from 'react-router';
import { has, useStaff } from '../session/staff-session.ts';
import { useAddressList } from '../ui/address-list.ts';
import { Badge } from '../ui/badge.tsx';
import { ListBody, useTicked } from '../ui/list-body.tsx';
import { Page } from '../ui/page.tsx';
import { BulkLabels } from './bulk-labels.tsx';
import { BulkStatus } from './bulk-status.tsx';
import { OrderFilters } from './order-filters.tsx';
import { ORDER_FILTERS, type OrderFilterValues, orderScreen } from './orders-api.ts';
import { StateBadge } from './state-badge.tsx';

const column = createColumnHelper<AdminOrderRow>();

const orderLink = (orderNo: string) => (
  <Link to={orderScreen(orderNo)} className="font-medium whitespace-nowrap text-amber-900 underline">
    {orderNo}
  </Link>
);

/** A marketplace order's badge: where it came from, its order number there below it. */
const channelBadge = (channel: AdminOrderRow['channel']) =>
  channel && (
    <span className="flex flex-wrap items-center gap-1 text-sm text-stone-700">
      <Badge tone="info">{channel.label}</Badge>
      <span className="[overflow-wrap:anywhere]">
        <span className="sr-only">{channel.label} sipariş no </span>
        {channel.orderNumber}
      </span>
    </span>
  );

const columns = [
  column.accessor('orderNo', {
    header: 'Sipariş',
    cell: ({ row }) => (
      <div className="flex flex-col gap-1">
        {orderLink(row.original.orderNo)}
        {channelBadge(row.original.channel)}
      </div>
    ),
  }),
  column.accessor('state', { header: 'Durum', cell: ({ getValue }) => <StateBadge state={getValue()} /> }),
  column.accessor('createdAt', {
    header: 'Tarih',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>,
  }),
  column.accessor('customerName', {
    header: 'Müşteri',
    cell: ({ row }) => (
      <div>
        <div>{row.original.customerName}</div>
        <div className="text-sm [overflow-wrap:anywhere] text-stone-700">{row.original.email}</div>
      </div>
    ),
  }),
  column.accessor('totalMinor', {
    header: 'Tutar',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatMoney(getValue())}</span>,
  }),
  column.accessor('paymentMethodLabel', {
    header: 'Ödeme',
    cell: ({ row }) => (
      <div>
        <div>{row.original.paymentMethodLabel}</div>
        <div className="text-sm text-stone-700">{row.original.paymentStatusLabel}</div>
      </div>
    ),
  }),
];

/** On a phone each order is a card: its number, state and buyer first. */
const orderCard = (o: AdminOrderRow) => (
  <div className="flex flex-col gap-1 text-sm">
    <div className="flex flex-wrap items-center justify-between gap-2">
      {orderLink(o.orderNo)}
      <StateBadge state={o.state} />
    </div>
    {channelBadge(o.channel)}
    <div>{o.customerName}</div>
    <div className="[overflow-wrap:anywhere] text-stone-700">{o.email}</div>
    <div className="flex flex-wrap justify-between gap-2 text-stone-700">
      <span>{formatDateTime(o.createdAt)}</span>
      <span className="font-medium text-stone-900">{formatMoney(o.totalMinor)}</span>
    </div>
    <div className="text-stone-700">
      {o.paymentMethodLabel} · {o.paymentStatusLabel}
    </div>
  </div>
);

/** The orders: filters and page live in the address; writers select orders for a state change at once. */
export function OrdersPage() {
  const canWrite = has(useStaff(), 'orders.write');
  const address = useAddressList<(typeof ORDER_FILTERS)[number], AdminOrderList>('orders', ORDER_FILTERS);
  const { filters, list, badFilters } = address;
  const ticked = useTicked<OrderFilterValues>(address.go);
  const { go } = ticked;

  return (
    <Page title="Siparişler">
      <OrderFilters values={filters} error={badFilters} onApply={(values) => go(values)} />
      {canWrite && <BulkStatus numbers={ticked.keys} onDone={ticked.clear} />}
      {canWrite && <BulkLabels numbers={ticked.keys} />}
      <ListBody
        list={list}
        badFilters={badFilters}
        noun="sipariş"
        onPage={(to) => go(filters, to)}
        columns={columns}
        caption="Siparişler"
        card={orderCard}
        selection={
          canWrite
            ? ticked.selection<AdminOrderRow>({
                rowId: (row) => row.orderNo,
                rowLabel: (row) => `${row.orderNo} siparişini seç`,
                allLabel: 'Bu sayfadaki tüm siparişleri seç',
              })
            : undefined
        }
      />
    </Page>
  );
}
