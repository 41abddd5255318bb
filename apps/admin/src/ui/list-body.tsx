import type { UseQueryResult } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { type ComponentProps, useState } from 'react';
import { Pager } from '../audit/pager.tsx';
import { messageOf } from '../lib/api.ts';
import { DataTable, type Selection } from './data-table.tsx';
import { FormError } from './field.tsx';
import { Loading } from './page.tsx';

interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The rows ticked on a list for one action on them all, let go when the list shows another page or other
 * filters (they would be rows no longer on screen).
 */
export function useTicked<F>(go: (values: F, to?: number) => void) {
  const [state, setState] = useState<RowSelectionState>({});
  return {
    /** The ticked rows' keys. */
    keys: Object.keys(state).filter((key) => state[key]),
    clear: () => setState({}),
    go: (values: F, to = 1) => {
      setState({});
      go(values, to);
    },
    /** The table's selection, with what its checkboxes say. */
    selection: <T,>(rows: Omit<Selection<T>, 'state' | 'onChange'>): Selection<T> => ({
      ...rows,
      state,
      onChange: setState,
    }),
  };
}

/**
 * A list screen below its filters: loading, an error the filters did not cause (those go on their fields),
 * how many match, the table (cards on a phone) and the pager.
 */
export function ListBody<T>({
  list,
  badFilters,
  noun,
  onPage,
  ...table
}: {
  list: UseQueryResult<Paged<T>>;
  /** The API refused the filters: the filter form shows it. */
  badFilters: unknown;
  /** What a row is (`ürün`): `12 ürün`, `Bu süzgece uyan ürün yok.` */
  noun: string;
  onPage: (page: number) => void;
} & Omit<ComponentProps<typeof DataTable<T>>, 'data'>) {
  return (
    <>
      {list.isPending && <Loading />}
      {list.isError && !badFilters && <FormError message={messageOf(list.error)} />}
      {list.data && (
        <>
          <p className="text-sm text-stone-700" role="status">
            {list.data.total === 0 ? `Bu süzgece uyan ${noun} yok.` : `${list.data.total} ${noun}`}
          </p>
          {list.data.items.length > 0 && <DataTable data={list.data.items} {...table} />}
          <Pager page={list.data.page} pageCount={list.data.pageCount} onPage={onPage} />
        </>
      )}
    </>
  );
}
