import { createColumnHelper } from '@tanstack/react-table';
import type { AdminTicketRow } from '@vitrin/shared/api/admin/tickets';
import { formatDateTime } from '@vitrin/shared/dates';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../audit/pager.tsx';
import { messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { DataTable } from '../ui/data-table.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { TicketBadge } from './ticket-badge.tsx';
import { ticketQueueQuery, ticketScreen, useTicketQueue } from './tickets-api.ts';

const column = createColumnHelper<AdminTicketRow>();

const columns = [
  column.accessor('subject', {
    header: 'Konu',
    cell: ({ row: { original: t } }) => (
      <Link to={ticketScreen(t.ticketNo)} className="font-medium text-amber-900 underline">
        {t.subject}
      </Link>
    ),
  }),
  column.accessor('ticketNo', {
    header: 'Talep',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue()}</span>,
  }),
  column.accessor('status', { header: 'Durum', cell: ({ getValue }) => <TicketBadge status={getValue()} /> }),
  column.accessor('customer', {
    header: 'Müşteri',
    cell: ({ getValue }) => (
      <div>
        <div>{getValue().name}</div>
        <div className="text-sm [overflow-wrap:anywhere] text-stone-700">{getValue().email}</div>
      </div>
    ),
  }),
  column.accessor('updatedAt', {
    header: 'Son hareket',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>,
  }),
];

const TABS = [
  { status: 'open', label: 'Açık' },
  { status: 'answered', label: 'Yanıtlandı' },
  { status: 'closed', label: 'Kapandı' },
  { status: '', label: 'Tümü' },
] as const;

/** The support queue by state (open ones first), a page at a time; the state and page live in the address. */
export function TicketsPage() {
  const canWrite = has(useStaff(), 'tickets.write');
  const [search, setSearch] = useSearchParams();
  const { status } = ticketQueueQuery(search);
  const queue = useTicketQueue(search);
  const go = (to: string, toPage = 1) =>
    setSearch(
      Object.fromEntries(
        Object.entries({
          durum: to === 'open' ? '' : to || 'hepsi',
          page: toPage === 1 ? '' : String(toPage),
        }).filter(([, v]) => v),
      ),
    );
  const counts = queue.data?.counts;
  return (
    <Page
      title="Destek talepleri"
      actions={
        canWrite && (
          <Link
            to={paths.savedReplies}
            className="inline-flex min-h-10 items-center rounded-md border border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-900 hover:bg-stone-100"
          >
            Hazır yanıtlar
          </Link>
        )
      }
    >
      <nav aria-label="Talep durumları" className="flex flex-wrap gap-2">
        {TABS.map((each) => {
          const current = each.status === status;
          const count = counts && each.status ? ` (${counts[each.status]})` : '';
          return (
            <button
              key={each.label}
              type="button"
              aria-current={current ? 'page' : undefined}
              onClick={() => go(each.status)}
              className={`min-h-10 rounded-md border px-4 py-2 text-sm font-medium ${current ? 'border-amber-800 bg-amber-800 text-white' : 'border-stone-400 bg-white text-stone-900 hover:bg-stone-100'}`}
            >
              {each.label}
              {count}
            </button>
          );
        })}
      </nav>
      {queue.isPending && <Loading />}
      {queue.isError && <FormError message={messageOf(queue.error)} />}
      {queue.data && (
        <>
          <p className="text-sm text-stone-700" role="status">
            {queue.data.total === 0 ? 'Bu durumda talep yok.' : `${queue.data.total} talep`}
          </p>
          {queue.data.items.length > 0 && (
            <DataTable data={queue.data.items} columns={columns} caption="Destek talepleri" />
          )}
          <Pager page={queue.data.page} pageCount={queue.data.pageCount} onPage={(to) => go(status, to)} />
        </>
      )}
    </Page>
  );
}
