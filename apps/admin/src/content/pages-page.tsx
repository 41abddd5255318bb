import { createColumnHelper } from '@tanstack/react-table';
import type { AdminPageSummary } from '@vitrin/shared/api/admin/pages';
import { PAGE_TYPES } from '@vitrin/shared/constants';
import { formatDateTime } from '@vitrin/shared/dates';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { Badge } from '../ui/badge.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { Field, FormError, Select } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { usePages } from './pages-api.ts';

const column = createColumnHelper<AdminPageSummary>();
export const pageScreen = (id: number) => paths.page.replace(':id', String(id));
const typeName = (type: number) => PAGE_TYPES[type as keyof typeof PAGE_TYPES] ?? String(type);

const columns = [
  column.accessor('title', {
    header: 'Başlık',
    cell: (c) => (
      <Link to={pageScreen(c.row.original.id)} className="font-medium text-amber-900 underline">
        {c.getValue()}
      </Link>
    ),
  }),
  column.accessor('type', { header: 'Tür', cell: (c) => typeName(c.getValue()) }),
  column.accessor('slug', { header: 'Adres', cell: (c) => `/content/${c.getValue()}` }),
  column.accessor('position', { header: 'Sıra' }),
  column.accessor('isPublished', {
    header: 'Durum',
    cell: (c) => (c.getValue() ? <Badge tone="good">Yayında</Badge> : <Badge>Taslak</Badge>),
  }),
  column.accessor('updatedAt', { header: 'Son değişiklik', cell: (c) => formatDateTime(c.getValue()) }),
];

/** `/sayfalar`: the content pages by type, each opening its form. */
export function PagesPage() {
  const [type, setType] = useState<number>();
  const list = usePages(type);
  return (
    <Page
      title="İçerik sayfaları"
      actions={
        <Link
          to={paths.pageNew}
          className="inline-flex min-h-10 items-center rounded-md bg-amber-800 px-4 py-2 text-sm font-medium text-white hover:bg-amber-900"
        >
          Yeni sayfa
        </Link>
      }
    >
      <div className="max-w-xs">
        <Field label="Sayfa türü">
          {(control) => (
            <Select
              {...control}
              value={type ?? ''}
              onChange={(event) => setType(event.target.value ? Number(event.target.value) : undefined)}
            >
              <option value="">Tümü</option>
              {Object.entries(PAGE_TYPES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={messageOf(list.error)} />
      ) : list.data.length === 0 ? (
        <p>Bu türde sayfa yok.</p>
      ) : (
        <DataTable data={list.data} columns={columns} caption="İçerik sayfaları" />
      )}
    </Page>
  );
}
