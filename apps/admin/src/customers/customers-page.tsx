import { createColumnHelper } from '@tanstack/react-table';
import type { CustomerRow } from '@vitrin/shared/api/admin/customers';
import { formatDateTime } from '@vitrin/shared/dates';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../audit/pager.tsx';
import { ApiError, messageOf } from '../lib/api.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { Field, FormError, Input } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { customerScreen, useCustomers } from './customers-api.ts';

const column = createColumnHelper<CustomerRow>();

/** What the account's state is, in a word or two. */
export function CustomerBadges({
  customer,
}: {
  customer: Pick<CustomerRow, 'wholesale' | 'disabled' | 'erased'>;
}) {
  if (customer.erased) return <Badge tone="bad">Silindi</Badge>;
  return (
    <span className="flex flex-wrap gap-1">
      {customer.disabled ? <Badge tone="bad">Devre dışı</Badge> : <Badge tone="good">Etkin</Badge>}
      {customer.wholesale && <Badge tone="info">Toptan</Badge>}
    </span>
  );
}

const columns = [
  column.accessor('lastName', {
    header: 'Müşteri',
    cell: ({ row: { original: c } }) => (
      <Link to={customerScreen(c.id)} className="font-medium text-amber-900 underline">
        {`${c.firstName} ${c.lastName}`.trim()}
      </Link>
    ),
  }),
  column.accessor('email', {
    header: 'E-posta',
    cell: ({ getValue }) => <span className="[overflow-wrap:anywhere]">{getValue()}</span>,
  }),
  column.accessor('phone', { header: 'Telefon' }),
  column.accessor('orderCount', { header: 'Sipariş' }),
  column.accessor('disabled', {
    header: 'Durum',
    cell: ({ row }) => <CustomerBadges customer={row.original} />,
  }),
  column.accessor('createdAt', {
    header: 'Kayıt',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>,
  }),
];

/** The customers: a search by name, e-mail or phone, and pages; the search and page live in the address. */
export function CustomersPage() {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const [text, setText] = useState(q);
  const list = useCustomers(search);
  const go = (query: string, to = 1) =>
    setSearch(
      Object.fromEntries(Object.entries({ q: query, page: to === 1 ? '' : String(to) }).filter(([, v]) => v)),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(text.trim());
  };
  const bad = list.error instanceof ApiError && list.error.status === 400 ? list.error : undefined;

  return (
    <Page title="Müşteriler">
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="min-w-60 flex-1">
            <Field label="Ara (ad, e-posta ya da telefon)" error={bad?.fields.q}>
              {(control) => (
                <Input {...control} type="search" value={text} onChange={(e) => setText(e.target.value)} />
              )}
            </Field>
          </div>
          <Button type="submit">Ara</Button>
        </form>
      </search>
      {list.isPending && <Loading />}
      {list.isError && <FormError message={messageOf(list.error)} />}
      {list.data && (
        <>
          <p className="text-sm text-stone-700" role="status">
            {list.data.total === 0 ? 'Aramaya uyan müşteri yok.' : `${list.data.total} müşteri`}
          </p>
          {list.data.items.length > 0 && (
            <DataTable data={list.data.items} columns={columns} caption="Müşteriler" />
          )}
          <Pager page={list.data.page} pageCount={list.data.pageCount} onPage={(to) => go(q, to)} />
        </>
      )}
    </Page>
  );
}
