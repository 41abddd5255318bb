import type { ComponentProps, ReactNode } from 'react';
import { type FieldValues, type FormState, get, type Path, type UseFormRegister } from 'react-hook-form';
import { Field, Input, Select } from './field.tsx';

interface Bound<T extends FieldValues> {
  /** The form (React Hook Form's useForm) the control belongs to. */
  form: { register: UseFormRegister<T>; formState: NoInfer<FormState<T>> };
  name: NoInfer<Path<T>>;
  label: string;
  hint?: ReactNode;
}

const errorOf = <T extends FieldValues>(form: Bound<T>['form'], name: Path<T>): string | undefined =>
  (get(form.formState.errors, name) as { message?: string } | undefined)?.message;

/** A labelled input of a form, with its error from the form's schema or from the API. */
export function FormInput<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  ...input
}: Bound<T> & Omit<ComponentProps<'input'>, 'name' | 'form'>) {
  return (
    <Field label={label} error={errorOf(form, name)} hint={hint}>
      {(control) => <Input {...control} {...input} {...form.register(name)} />}
    </Field>
  );
}

export function FormSelect<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  children,
}: Bound<T> & { children: ReactNode }) {
  return (
    <Field label={label} error={errorOf(form, name)} hint={hint}>
      {(control) => (
        <Select {...control} {...form.register(name)}>
          {children}
        </Select>
      )}
    </Field>
  );
}

/** A record's address: blank is made by the server from its name or title (`example`: how a name becomes one). */
export function SlugInput<T extends FieldValues>({
  example,
  ...props
}: Omit<Bound<T>, 'label' | 'hint' | 'name'> & { name?: NoInfer<Path<T>>; example?: string }) {
  return (
    <FormInput
      {...props}
      name={props.name ?? ('slug' as Path<T>)}
      label="Adres (slug)"
      autoComplete="off"
      hint={
        example
          ? `Boş bırakılırsa addan yapılır: ${example}`
          : 'Boş bırakılırsa başlıktan yapılır; Türkçe harfler dönüştürülür.'
      }
    />
  );
}

/** The 6-digit code of an authenticator app: digits keyboard on a phone, filled in by the OS when it can. */
export function CodeInput<T extends FieldValues>(props: Omit<Bound<T>, 'label'>) {
  return (
    <FormInput
      {...props}
      label="Doğrulama kodu"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
    />
  );
}

/** A labelled multi-line input of a form, with its error and a hint (a counter, say). */
export function FormTextarea<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  ...textarea
}: Bound<T> & Omit<ComponentProps<'textarea'>, 'name' | 'form'>) {
  return (
    <Field label={label} error={errorOf(form, name)} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          {...textarea}
          {...form.register(name)}
          className="w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 aria-[invalid=true]:border-red-700"
        />
      )}
    </Field>
  );
}
