import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Fragment } from 'react';

/**
 * A list as a table on a wide screen and as cards on a phone: each card has the first column as its title
 * and the others labelled below it (their headers are plain text for that).
 */
export function DataTable<T>({
  data,
  columns,
  caption,
}: {
  data: T[];
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's columns mix value types by design
  columns: ColumnDef<T, any>[];
  caption: string;
}) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel() });
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-stone-300 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
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
      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
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
    </>
  );
}
