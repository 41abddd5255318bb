import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import type { AdminOrderList, AdminOrderRow } from '@vitrin/shared/api/admin/orders';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../audit/pager.tsx';
import { ApiError, api, messageOf } from '../lib/api.ts';
import { has, useStaff } from '../session/staff-session.ts';
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
  const table = useReactTable({
    data: list.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.orderNo,
    enableRowSelection: canWrite,
    state: { rowSelection: selected },
    onRowSelectionChange: setSelected,
  });
  const numbers = Object.keys(selected).filter((orderNo) => selected[orderNo]);
  const badFilters = list.error instanceof ApiError && list.error.status === 400 ? list.error : undefined;
  const rows = table.getRowModel().rows;

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
          {rows.length > 0 && (
            <div className="hidden overflow-x-auto rounded-lg border border-stone-300 bg-white md:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Siparişler</caption>
                <thead className="bg-stone-50 text-stone-700">
                  <tr>
                    {canWrite && (
                      <th scope="col" className="px-3 py-2">
                        <input
                          type="checkbox"
                          aria-label="Bu sayfadaki tüm siparişleri seç"
                          className="size-4"
                          checked={table.getIsAllRowsSelected()}
                          onChange={table.getToggleAllRowsSelectedHandler()}
                        />
                      </th>
                    )}
                    {table.getFlatHeaders().map((header) => (
                      <th key={header.id} scope="col" className="px-3 py-2 font-medium">
                        {flexRender(header.column.columnDef.header, header.getContext())}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} className="border-t border-stone-200 align-top">
                      {canWrite && (
                        <td className="px-3 py-3">
                          <input
                            type="checkbox"
                            aria-label={`${row.id} siparişini seç`}
                            className="size-4"
                            checked={row.getIsSelected()}
                            onChange={row.getToggleSelectedHandler()}
                          />
                        </td>
                      )}
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} className="px-3 py-3">
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {/* On a phone each order is a card: its number, state and buyer first. */}
          <ul className="flex flex-col gap-3 md:hidden" aria-label="Siparişler">
            {rows.map(({ original: o, id, getIsSelected, getToggleSelectedHandler }) => (
              <li key={id} className="flex gap-3 rounded-lg border border-stone-300 bg-white p-4">
                {canWrite && (
                  <input
                    type="checkbox"
                    aria-label={`${id} siparişini seç`}
                    className="mt-1 size-5 shrink-0"
                    checked={getIsSelected()}
                    onChange={getToggleSelectedHandler()}
                  />
                )}
                <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
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
              </li>
            ))}
          </ul>
          <Pager page={list.data.page} pageCount={list.data.pageCount} onPage={(to) => go(filters, to)} />
        </>
      )}
    </Page>
  );
}
