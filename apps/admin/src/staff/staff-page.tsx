import { createColumnHelper } from '@tanstack/react-table';
import type { StaffRow } from '@vitrin/shared/api/admin/staff';
import { formatDateTime } from '@vitrin/shared/dates';
import { STAFF_ROLE_LABELS, type StaffRole } from '@vitrin/shared/staff/permissions';
import { useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { useStaff } from '../session/staff-session.ts';
import { Badge, type Tone } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { DataTable } from '../ui/data-table.tsx';
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

  return (
    <Page title="Personel" actions={<Button onClick={() => setAdding(true)}>Personel ekle</Button>}>
      {list.isPending && <Loading />}
      {list.isError && <FormError message={messageOf(list.error)} />}
      {list.data && <DataTable data={list.data} columns={columns} caption="Personel listesi" />}
      <AddStaffDialog open={adding} onClose={() => setAdding(false)} />
    </Page>
  );
}
