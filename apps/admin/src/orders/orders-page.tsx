import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import type { AdminOrderList, AdminOrderRow } from '@vitrin/shared/api/admin/orders';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../audit/pager.tsx';
import { ApiError, api, messageOf } from '../lib/api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { DataTable } from '../ui/data-table.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { BulkStatus } from './bulk-status.tsx';
import { ORDER_FILTERS, OrderFilters, type OrderFilterValues } from './order-filters.tsx';
import { orderScreen } from './orders-api.ts';
import { StateBadge } from './state-badge.tsx';

const column = createColumnHelper<AdminOrderRow>();

const orderLink = (orderNo: string) => (
  <Link to={orderScreen(orderNo)} className="font-medium whitespace-nowrap text-amber-900 underline">
    {orderNo}
  </Link>
);

const columns = [
  column.accessor('orderNo', { header: 'Sipariş', cell: ({ getValue }) => orderLink(getValue()) }),
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
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(
    ORDER_FILTERS.map((name) => [name, search.get(name) ?? '']),
  ) as OrderFilterValues;
  const page = Number(search.get('page')) || 1;
  const query = new URLSearchParams({ ...filters, page: String(page) }).toString();
  const list = useQuery({
    queryKey: ['orders', query],
    queryFn: () => api.get<AdminOrderList>(`/orders?${query}`),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<RowSelectionState>({});
  const go = (values: OrderFilterValues, to = 1) => {
    setSelected({});
    setSearch(
      Object.fromEntries(
        Object.entries({ ...values, page: to === 1 ? '' : String(to) }).filter(([, value]) => value !== ''),
      ),
    );
  };
  const numbers = Object.keys(selected).filter((orderNo) => selected[orderNo]);
  const badFilters = list.error instanceof ApiError && list.error.status === 400 ? list.error : undefined;

  return (
    <Page title="Siparişler">
      <OrderFilters values={filters} error={badFilters} onApply={(values) => go(values)} />
      {canWrite && <BulkStatus numbers={numbers} onDone={() => setSelected({})} />}
      {list.isPending && <Loading />}
      {list.isError && !badFilters && <FormError message={messageOf(list.error)} />}
      {list.data && (
        <>
          <p className="text-sm text-stone-700" role="status">
            {list.data.total === 0 ? 'Bu süzgece uyan sipariş yok.' : `${list.data.total} sipariş`}
          </p>
          {list.data.items.length > 0 && (
            <DataTable
              data={list.data.items}
              columns={columns}
              caption="Siparişler"
              card={orderCard}
              selection={
                canWrite
                  ? {
                      state: selected,
                      onChange: setSelected,
                      rowId: (row) => row.orderNo,
                      rowLabel: (row) => `${row.orderNo} siparişini seç`,
                      allLabel: 'Bu sayfadaki tüm siparişleri seç',
                    }
                  : undefined
              }
            />
          )}
          <Pager page={list.data.page} pageCount={list.data.pageCount} onPage={(to) => go(filters, to)} />
        </>
      )}
    </Page>
  );
}
