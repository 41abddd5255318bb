import { createContext, type ReactNode, useContext } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';

/** One part of the product form, a card with its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-4 rounded-lg border border-stone-300 bg-white p-4"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** The message the form holds for a field (its schema's or the API's), also one set on an array as a whole. */
export function errorAt<T extends FieldValues>(form: UseFormReturn<T>, name: string): string | undefined {
  const error = get(form.formState.errors, name) as
    | { message?: string; root?: { message?: string } }
    | undefined;
  return error?.message ?? error?.root?.message;
}

export function Check<T extends FieldValues>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
}) {
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm">
      <input type="checkbox" className="size-5 accent-amber-800" {...form.register(name)} />
      {label}
    </label>
  );
}

/** True on a product screen of a role without `catalog.write`: its parts show values, no editing controls. */
export const ReadOnly = createContext(false);
export const useReadOnly = () => useContext(ReadOnly);
