import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { StaffRow } from '@vitrin/shared/api/admin/staff';
import { formatDateTime } from '@vitrin/shared/dates';
import { STAFF_ROLE_LABELS, type StaffRole } from '@vitrin/shared/staff/permissions';
import { Fragment, useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { useStaff } from '../session/staff-session.ts';
import { Badge, type Tone } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { AddStaffDialog } from './add-staff-dialog.tsx';
import { StaffActions } from './staff-actions.tsx';
import { useStaffList } from './staff-api.ts';

const ROLE_TONES: Record<StaffRole, Tone> = { owner: 'warn', manager: 'info', support: 'neutral' };

const column = createColumnHelper<StaffRow>();

export function StaffPage() {
  const me = useStaff();
  const list = useStaffList();
  const [adding, setAdding] = useState(false);

  const columns = [
    column.accessor('name', {
      header: 'Personel',
      cell: ({ row }) => (
        <div>
          <div className="font-medium">
            {row.original.name}
            {row.original.id === me.id && <span className="font-normal text-stone-600"> (siz)</span>}
          </div>
          <div className="text-sm [overflow-wrap:anywhere] text-stone-700">{row.original.email}</div>
        </div>
      ),
    }),
    column.accessor('role', {
      header: 'Rol',
      cell: ({ getValue }) => <Badge tone={ROLE_TONES[getValue()]}>{STAFF_ROLE_LABELS[getValue()]}</Badge>,
    }),
    column.accessor('totpEnabled', {
      header: 'İki adımlı doğrulama',
      cell: ({ getValue }) => (
        <Badge tone={getValue() ? 'good' : 'warn'}>{getValue() ? 'Açık' : 'Kurulmadı'}</Badge>
      ),
    }),
    column.accessor('disabled', {
      header: 'Durum',
      cell: ({ getValue }) => (
        <Badge tone={getValue() ? 'bad' : 'good'}>{getValue() ? 'Devre dışı' : 'Etkin'}</Badge>
      ),
    }),
    column.accessor('lastLoginAt', {
      header: 'Son giriş',
      cell: ({ getValue }) => {
        const at = getValue();
        return <span className="whitespace-nowrap">{at ? formatDateTime(at) : 'Hiç giriş yapmadı'}</span>;
      },
    }),
    column.display({
      id: 'actions',
      header: 'İşlemler',
      cell: ({ row }) => <StaffActions member={row.original} />,
    }),
  ];
  const table = useReactTable({ data: list.data ?? [], columns, getCoreRowModel: getCoreRowModel() });

  return (
    <Page title="Personel" actions={<Button onClick={() => setAdding(true)}>Personel ekle</Button>}>
      {list.isPending && <Loading />}
      {list.isError && <FormError message={messageOf(list.error)} />}
      {list.data && (
        <div className="hidden overflow-x-auto rounded-lg border border-stone-300 bg-white md:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Personel listesi</caption>
            <thead className="bg-stone-50 text-stone-700">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col" className="px-3 py-2 font-medium">
                      {flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-t border-stone-200 align-top">
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
      {/* On a phone each member is a card: the first column as its title, the others labelled below it. */}
      {list.data && (
        <ul className="flex flex-col gap-3 md:hidden" aria-label="Personel listesi">
          {table.getRowModel().rows.map((row) => {
            const [title, ...rest] = row.getVisibleCells();
            return (
              <li key={row.id} className="rounded-lg border border-stone-300 bg-white p-4">
                {title && flexRender(title.column.columnDef.cell, title.getContext())}
                <dl className="mt-3 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
                  {rest.map((cell) => (
                    <Fragment key={cell.id}>
                      <dt className="text-stone-600">{String(cell.column.columnDef.header)}</dt>
                      <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                    </Fragment>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      <AddStaffDialog open={adding} onClose={() => setAdding(false)} />
    </Page>
  );
}
