import { lazy, Suspense, useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

// TipTap and ProseMirror are a chunk of their own, fetched when a form with a body opens.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** A form's rich-text body: the label, the editor, its hint and its error from the schema or the API. */
export function RichTextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  readOnly = false,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  hint?: string | undefined;
  /** Shown, not edited (a role that may only look): no toolbar. */
  readOnly?: boolean;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const described = [hint && `${id}-hint`, fieldState.error && `${id}-error`].filter(Boolean).join(' ');
        return (
          <div className="flex flex-col gap-1">
            <span id={`${id}-label`} className="text-sm font-medium text-stone-800">
              {label}
            </span>
            <Suspense
              fallback={
                <p role="status" className="rounded-md border border-stone-300 p-3 text-stone-700">
                  Düzenleyici yükleniyor…
                </p>
              }
            >
              <RichTextEditor
                value={field.value ?? ''}
                onChange={field.onChange}
                labelId={`${id}-label`}
                describedBy={described || undefined}
                invalid={Boolean(fieldState.error)}
                readOnly={readOnly}
              />
            </Suspense>
            {hint && (
              <p id={`${id}-hint`} className="text-sm text-stone-600">
                {hint}
              </p>
            )}
            {fieldState.error && (
              <p id={`${id}-error`} className="text-sm text-red-700">
                {fieldState.error.message}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}
