import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type Row,
  type RowSelectionState,
  type Table,
  useReactTable,
} from '@tanstack/react-table';
import { Fragment, type ReactNode, useId } from 'react';

/** Rows the user picks for one action on several (e.g. a state change of several orders). */
export interface Selection<T> {
  state: RowSelectionState;
  onChange: OnChangeFn<RowSelectionState>;
  /** The row's key in `state`. */
  rowId: (row: T) => string;
  /** What a row's checkbox says to a screen reader ("SP-1 siparişini seç"). */
  rowLabel: (row: T) => string;
  /** What the checkbox of all rows on the page says ("Bu sayfadaki tüm siparişleri seç"). */
  allLabel: string;
}

const SELECT = 'select';

function SelectAll<T>({
  table,
  className,
  ...named
}: { table: Table<T>; className: string } & ({ 'aria-label': string } | { id: string })) {
  return (
    <input
      type="checkbox"
      {...named}
      className={className}
      checked={table.getIsAllRowsSelected()}
      ref={(box) => {
        if (box) box.indeterminate = table.getIsSomeRowsSelected();
      }}
      onChange={table.getToggleAllRowsSelectedHandler()}
    />
  );
}

function SelectRow<T>({ row, label, className }: { row: Row<T>; label: string; className: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className={className}
      checked={row.getIsSelected()}
      disabled={!row.getCanSelect()}
      onChange={row.getToggleSelectedHandler()}
    />
  );
}

/**
 * A list as a table on a wide screen and as cards on a phone: each card has the first column as its title
 * and the others labelled below it (their headers are plain text for that), unless the list draws its own
 * card. With `selection`, each row and card has a checkbox, and the table's head one for the whole page.
 */
export function DataTable<T>({
  data,
  columns,
  caption,
  selection,
  card,
}: {
  data: T[];
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's columns mix value types by design
  columns: ColumnDef<T, any>[];
  caption: string;
  selection?: Selection<T> | undefined;
  /** The phone's card of a row, when the default (first column as title, the rest labelled) does not fit. */
  card?: (row: T) => ReactNode;
}) {
  const selectColumn: ColumnDef<T> = {
    id: SELECT,
    header: ({ table }) =>
      selection && <SelectAll table={table} aria-label={selection.allLabel} className="size-4" />,
    cell: ({ row }) =>
      selection && <SelectRow row={row} label={selection.rowLabel(row.original)} className="size-4" />,
  };
  const table = useReactTable({
    data,
    columns: selection ? [selectColumn, ...columns] : columns,
    getCoreRowModel: getCoreRowModel(),
    ...(selection
      ? {
          getRowId: selection.rowId,
          enableRowSelection: true,
          state: { rowSelection: selection.state },
          onRowSelectionChange: selection.onChange,
        }
      : { enableRowSelection: false }),
  });
  const rows = table.getRowModel().rows;
  const allId = useId();
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-stone-300 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-stone-50 text-stone-700">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className={`px-3 py-2 font-medium ${header.id === SELECT ? 'w-10' : ''}`}
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={`border-t border-stone-200 align-top ${row.getIsSelected() ? 'bg-amber-50' : ''}`}
              >
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
      <div className="flex flex-col gap-3 md:hidden">
        {selection && rows.length > 0 && (
          <div className="flex items-center gap-3 px-4">
            <SelectAll table={table} id={allId} className="size-5" />
            <label htmlFor={allId} className="text-sm font-medium text-stone-800">
              {selection.allLabel}
            </label>
          </div>
        )}
        <ul className="flex flex-col gap-3" aria-label={caption}>
          {rows.map((row) => {
            const [title, ...rest] = row.getVisibleCells().filter((cell) => cell.column.id !== SELECT);
            return (
              <li
                key={row.id}
                className={`flex gap-3 rounded-lg border p-4 ${row.getIsSelected() ? 'border-amber-700 bg-amber-50' : 'border-stone-300 bg-white'}`}
              >
                {selection && (
                  <SelectRow
                    row={row}
                    label={selection.rowLabel(row.original)}
                    className="mt-1 size-5 shrink-0"
                  />
                )}
                <div className="min-w-0 flex-1">
                  {card ? (
                    card(row.original)
                  ) : (
                    <>
                      {title && flexRender(title.column.columnDef.cell, title.getContext())}
                      <dl className="mt-3 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
                        {rest.map((cell) => (
                          <Fragment key={cell.id}>
                            <dt className="text-stone-600">{String(cell.column.columnDef.header)}</dt>
                            <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                          </Fragment>
                        ))}
                      </dl>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
