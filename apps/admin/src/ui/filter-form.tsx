import { type FormEventHandler, type ReactNode, useEffect, useId, useState } from 'react';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from './button.tsx';
import { parseTurkishDay, turkishDay } from './dates.ts';
import { FormError } from './field.tsx';

const GRID = {
  5: { grid: 'lg:grid-cols-5', all: 'sm:col-span-2 lg:col-span-5' },
  6: { grid: 'lg:grid-cols-6', all: 'sm:col-span-2 lg:col-span-6' },
  /** Four a row on a laptop, all seven on a wide screen. */
  7: { grid: 'lg:grid-cols-4 xl:grid-cols-7', all: 'sm:col-span-2 lg:col-span-4 xl:col-span-7' },
} as const;

/**
 * The frame of a list's filters (orders, audit log): its fields in a grid that folds to one column on a
 * phone, the message of a refusal that belongs to no field, and the button that applies them.
 */
export function FilterForm({
  columns,
  serverError,
  onSubmit,
  children,
}: {
  /** Fields and button on one row of a wide screen. */
  columns: keyof typeof GRID;
  serverError: string | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className={`grid gap-3 rounded-lg border border-stone-300 bg-white p-4 sm:grid-cols-2 lg:items-start ${GRID[columns].grid}`}
      onSubmit={onSubmit}
    >
      {serverError && (
        <div className={GRID[columns].all}>
          <FormError message={serverError} />
        </div>
      )}
      {children}
      {/* Level with the controls, below their labels, whatever hint or error a field shows under it. */}
      <Button type="submit" className="lg:mt-6">
        Süz
      </Button>
    </form>
  );
}

/** How many of `names` the address's filters set (the search and the sort are not counted). */
export const activeFilters = <N extends string>(values: Record<N, string>, names: readonly N[]) =>
  names.filter((name) => values[name].trim() !== '').length;

/**
 * Whether a list's folded filters show on a narrow screen: when opened, or when one is refused (its message
 * is on its field). `close` folds them again, e.g. once applied.
 */
export function useFilterFold(error: unknown, errors: FieldErrors) {
  const [open, setOpen] = useState(false);
  const shown = open || Boolean(error) || Object.keys(errors).length > 0;
  return { shown, toggle: () => setOpen(!shown), close: () => setOpen(false) };
}

/**
 * The filters after the search: a wide screen shows them in the form's grid, a narrow one folds them behind
 * `Filtreler (n etkin)`, which counts those set (`active`).
 */
export function FilterFold({
  fold,
  active,
  children,
}: {
  fold: ReturnType<typeof useFilterFold>;
  active: number;
  children: ReactNode;
}) {
  const foldId = useId();
  return (
    <>
      <Button
        look="secondary"
        className="md:hidden"
        aria-expanded={fold.shown}
        aria-controls={foldId}
        onClick={fold.toggle}
      >
        {active ? `Filtreler (${active} etkin)` : 'Filtreler'}
        <span aria-hidden="true" className="ml-2">
          {fold.shown ? '▴' : '▾'}
        </span>
      </Button>
      <div id={foldId} className={fold.shown ? 'contents' : 'hidden md:contents'}>
        {children}
      </div>
    </>
  );
}

/** The API refused the filters (400): its messages go on the fields, the rest on the form. */
export function useFilterErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field names are a constant of the form
  useEffect(() => {
    if (error) showApiError(error, setError, fieldNames);
  }, [error, setError]);
}

type Texts<N extends string> = Record<N, string>;

/** The filters as the form shows them: its days in gg.aa.yyyy. */
export const daysShown = <V extends Texts<N>, N extends string>(values: V, days: readonly N[]): V =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      days.includes(name as N) ? turkishDay(String(value)) : value,
    ]),
  ) as V;

/** The filters as the API takes them: its days as ISO days (the resolver has checked them). */
export const daysSent = <V extends Texts<N>, N extends string>(values: V, days: readonly N[]): V =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const parsed = days.includes(name as N) ? parseTurkishDay(String(value)) : undefined;
      return [name, parsed?.ok ? parsed.iso : value];
    }),
  ) as V;

/**
 * A form's resolver that first reads its days in gg.aa.yyyy (a wrong one is told on its field in Turkish),
 * then checks the form with the API's own schema on the ISO days.
 */
export function withTurkishDays<T extends FieldValues>(
  resolver: Resolver<T>,
  days: readonly Path<T>[],
): Resolver<T> {
  return async (values, context, options) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const read: Record<string, unknown> = { ...values };
    for (const name of days) {
      const parsed = parseTurkishDay(String(values[name] ?? ''));
      if (parsed.ok) read[name] = parsed.iso;
      else errors[name] = { type: 'day', message: parsed.message };
    }
    const result = await resolver(read as T, context, options);
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors: { ...result.errors, ...errors } as FieldErrors<T> };
  };
}
