import { createColumnHelper } from '@tanstack/react-table';
import type { AdminPageSummary } from '@vitrin/shared/api/admin/pages';
import { PAGE_TYPES } from '@vitrin/shared/constants';
import { formatDateTime } from '@vitrin/shared/dates';
import { useState } from 'react';
import { paths } from '../paths.ts';
import { Badge } from '../ui/badge.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { Page } from '../ui/page.tsx';
import { ChoiceFilter, ListState, NewRecordLink, titleColumn } from '../ui/record-list.tsx';
import { usePages } from './pages-api.ts';

const column = createColumnHelper<AdminPageSummary>();
export const pageScreen = (id: number) => paths.page.replace(':id', String(id));
const typeName = (type: number) => PAGE_TYPES[type as keyof typeof PAGE_TYPES] ?? String(type);

const columns = [
  titleColumn<AdminPageSummary>(pageScreen),
  column.accessor('type', { header: 'Tür', cell: (c) => typeName(c.getValue()) }),
  column.accessor('slug', { header: 'Adres', cell: (c) => `/content/${c.getValue()}` }),
  column.accessor('position', { header: 'Sıra' }),
  column.accessor('isPublished', {
    header: 'Durum',
    cell: (c) => (c.getValue() ? <Badge tone="good">Yayında</Badge> : <Badge>Taslak</Badge>),
  }),
  column.accessor('updatedAt', { header: 'Son değişiklik', cell: (c) => formatDateTime(c.getValue()) }),
];
const TYPE_CHOICES = Object.entries(PAGE_TYPES).map(([value, label]) => [Number(value), label] as const);

/** `/sayfalar`: the content pages by type, each opening its form. */
export function PagesPage() {
  const [type, setType] = useState<number>();
  const list = usePages(type);
  return (
    <Page title="İçerik sayfaları" actions={<NewRecordLink to={paths.pageNew}>Yeni sayfa</NewRecordLink>}>
      <ChoiceFilter label="Sayfa türü" value={type} choices={TYPE_CHOICES} onChange={setType} />
      <ListState query={list} isEmpty={(items) => items.length === 0} empty="Bu türde sayfa yok.">
        {(items) => <DataTable data={items} columns={columns} caption="İçerik sayfaları" />}
      </ListState>
    </Page>
  );
}
