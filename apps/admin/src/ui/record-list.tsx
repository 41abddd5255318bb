import type { UseQueryResult } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../lib/api.ts';
import { Field, FormError, Select } from './field.tsx';
import { Loading } from './page.tsx';

/**
 * The parts of a list of records that each open their editor (content pages, blog posts): the "new" link,
 * a filter of one choice, the title column and the list's loading, error and empty states.
 */

/** The screen's link to a new record's editor, drawn as a button. */
export function NewRecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-10 items-center rounded-md bg-amber-800 px-4 py-2 text-sm font-medium text-white hover:bg-amber-900"
    >
      {children}
    </Link>
  );
}

/** A filter of one choice, `Tümü` (undefined) first. */
export function ChoiceFilter<V extends string | number>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: V | undefined;
  choices: ReadonlyArray<readonly [V, string]>;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <div className="max-w-xs">
      <Field label={label}>
        {(control) => (
          <Select
            {...control}
            value={value ?? ''}
            onChange={(event) =>
              onChange(
                event.target.value === ''
                  ? undefined
                  : choices.find(([v]) => String(v) === event.target.value)?.[0],
              )
            }
          >
            <option value="">Tümü</option>
            {choices.map(([v, text]) => (
              <option key={v} value={v}>
                {text}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

/** The first column: the record's title, a link to its editor. */
export function titleColumn<T extends { id: number; title: string }>(screenOf: (id: number) => string) {
  return createColumnHelper<T>().accessor((row) => row.title, {
    id: 'title',
    header: 'Başlık',
    cell: (c) => (
      <Link to={screenOf(c.row.original.id)} className="font-medium text-amber-900 underline">
        {c.getValue()}
      </Link>
    ),
  }) as ColumnDef<T, string>;
}

/** The list once read; while reading, or when it could not be read or is empty, says so. */
export function ListState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <FormError message={messageOf(query.error)} />;
  if (isEmpty(query.data)) return <p>{empty}</p>;
  return children(query.data);
}
