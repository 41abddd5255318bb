import {
  createContext,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { PasswordStrength } from './password-strength.tsx';
import { validateForm } from './validate.ts';

/** A refused form as an action answers it: the server's error and the fields to show again (no passwords). */
export interface FormFailure {
  intent?: string | undefined;
  error: { code: string; message: string; fields?: Record<string, string> | undefined };
  values?: Record<string, string> | undefined;
}

interface FormState {
  id: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

const FormStateContext = createContext<FormState>({ id: 'form', errors: {}, values: {} });
const FieldPrefixContext = createContext('');

export const fieldId = (formId: string, name: string) => `${formId}-${name}`;

/**
 * The fields inside are named `prefix` + their own name (`shippingAddress.` + `firstName`), so one form can
 * hold the same fields twice (two addresses at checkout); the server's field errors use the same paths.
 */
export function FieldGroup({ prefix, children }: { prefix: string; children: ReactNode }) {
  const outer = useContext(FieldPrefixContext);
  return <FieldPrefixContext.Provider value={outer + prefix}>{children}</FieldPrefixContext.Provider>;
}

/** A field's name as posted: with the prefix of the groups around it. */
export function useFieldName(name: string): string {
  return useContext(FieldPrefixContext) + name;
}

export const inputClass =
  'mt-1 block w-full rounded-lg border border-ink-600/70 bg-white px-3 py-2 text-ink-900 placeholder:text-ink-600 focus:border-clay-700 focus:outline-2 focus:outline-offset-1 focus:outline-clay-700 aria-invalid:border-red-700 aria-invalid:bg-red-50';

export const buttonClass =
  'inline-flex items-center justify-center rounded-lg bg-clay-700 px-5 py-2.5 font-medium text-white hover:bg-clay-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay-700';

export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded-lg border border-ink-800 bg-white px-4 py-2 text-sm font-medium text-ink-900 hover:bg-sand-100';

interface AccountFormProps {
  /** Prefix of the field ids; unique on the page. */
  id: string;
  /** Sent as the `intent` field: one action serves several forms, each shows only its own errors. */
  intent?: string;
  failure?: FormFailure | undefined;
  submitLabel: string;
  children: ReactNode;
  /** Links or text next to the submit button. */
  footer?: ReactNode;
  danger?: boolean;
  /** Hides the "* fields are required" line (forms without required fields). */
  noRequiredNote?: boolean;
  /** A new non-null value empties the form (after a success, so typed passwords do not linger). */
  resetKey?: string | null | undefined;
  'aria-labelledby'?: string;
  className?: string;
  /** `multipart/form-data` for forms with a file field. */
  encType?: 'multipart/form-data';
  /** Another address to post to, as a plain form (the answer is not the router's: a bank's page). */
  postTo?: string;
}

/**
 * A form that works without JavaScript (a plain POST to the route's action) and, with it, submits through
 * the router. Before sending, the spec's form check runs; then the server's answer shows the same way: a
 * summary alert at the top naming every problem, a message under each field, focus on the first one.
 */
export function AccountForm({
  id,
  intent,
  failure,
  submitLabel,
  children,
  footer,
  danger,
  noRequiredNote,
  resetKey,
  className,
  encType,
  postTo,
  ...aria
}: AccountFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const serverFailure = failure && (intent === undefined || failure.intent === intent) ? failure : undefined;

  useEffect(() => {
    // With JavaScript the form checks itself and says why in Turkish, instead of the browser's bubbles.
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  useEffect(() => {
    if (resetKey != null) formRef.current?.reset();
  }, [resetKey]);

  useEffect(() => {
    if (!serverFailure) return;
    setClientErrors(null);
    const form = formRef.current;
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? alertRef.current)?.focus();
  }, [serverFailure]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = validateForm(event.currentTarget, {
      missing: t('form.missing'),
      invalid: t('form.invalid'),
      invalidEmail: t('form.invalidEmail'),
      tooShort: (min) => t('form.tooShort', { min }),
    });
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setClientErrors(found);
    } else {
      setClientErrors(null);
    }
  }

  const errors = clientErrors ?? serverFailure?.error.fields ?? {};
  const fieldErrors = Object.entries(errors).filter(([name]) => name !== '_');
  const summary = clientErrors ? t('form.summary') : serverFailure?.error.message;
  const submitting =
    navigation.state === 'submitting' &&
    (intent === undefined || navigation.formData?.get('intent') === intent);

  return (
    <Form
      method="post"
      ref={formRef}
      onSubmit={onSubmit}
      className={className ?? 'space-y-5'}
      {...(encType ? { encType } : {})}
      {...(postTo ? { action: postTo, reloadDocument: true } : {})}
      {...aria}
    >
      {intent && <input type="hidden" name="intent" value={intent} />}
      {summary && (
        <div
          ref={alertRef}
          role="alert"
          tabIndex={-1}
          className="rounded-lg border border-red-700 bg-red-50 p-4 text-sm text-red-900"
          data-testid={`${id}-alert`}
        >
          <p className="font-medium">{summary}</p>
          {fieldErrors.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {fieldErrors.map(([name, message]) => (
                <li key={name}>
                  <a href={`#${fieldId(id, name)}`} className="underline underline-offset-2">
                    {message}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {!noRequiredNote && (
        <p className="text-sm text-ink-600">
          <span aria-hidden="true">{t('form.requiredNote')}</span>
        </p>
      )}
      <FormStateContext.Provider value={{ id, errors, values: serverFailure?.values ?? {} }}>
        {children}
      </FormStateContext.Provider>
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          className={
            danger
              ? buttonClass
                  .replace('bg-clay-700', 'bg-red-800')
                  .replace('hover:bg-clay-800', 'hover:bg-red-900')
              : buttonClass
          }
        >
          {submitting ? t('form.sending') : submitLabel}
        </button>
        {footer}
      </div>
    </Form>
  );
}

/** The form's id prefix, errors and echoed values, for fields made outside this module. */
export function useFormState(): FormState {
  return useContext(FormStateContext);
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-800">
      *
    </span>
  );
}

interface FieldMessages {
  /** Shown when a required field is left blank. */
  missing?: string | undefined;
  /** Shown for a wrong format (`type=email`, `pattern`). */
  invalid?: string | undefined;
  /** Shown when shorter than `minLength`. */
  short?: string | undefined;
}

interface FieldState {
  id: string;
  /** The name as posted (with the group prefix). */
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  error: string | undefined;
  value: string | undefined;
}

interface FieldFrameProps {
  name: string;
  label: ReactNode;
  required?: boolean | undefined;
  hint?: ReactNode;
  /** An element id (e.g. a live strength hint) to add to the field's description. */
  describedBy?: string | undefined;
  children: (props: FieldState) => ReactNode;
  after?: ReactNode;
  className?: string | undefined;
}

/**
 * Label, control, hint and error of one field. A required field shows `*` beside its label (the label itself
 * stays the field's plain name) and has "zorunlu" in its description for screen readers.
 */
export function FieldFrame({
  name,
  label,
  required,
  hint,
  describedBy,
  children,
  after,
  className,
}: FieldFrameProps) {
  const { t } = useTranslation();
  const { id: formId, errors, values } = useFormState();
  const fullName = useFieldName(name);
  const id = fieldId(formId, fullName);
  const error = errors[fullName];
  const description = [
    required ? `${id}-required` : undefined,
    hint ? `${id}-hint` : undefined,
    describedBy,
    error ? `${id}-error` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="block text-sm font-medium text-ink-900">
          {label}
        </label>
        {required && <RequiredMark />}
        {required && (
          <span id={`${id}-required`} className="sr-only">
            {t('form.required')}
          </span>
        )}
      </div>
      {children({
        id,
        name: fullName,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': description || undefined,
        error,
        value: values[fullName],
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-600">
          {hint}
        </p>
      )}
      {after}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * What every control of a field carries: its id and name, the error wiring, the value posted back after a
 * failed post (else the default), and the messages the form check shows.
 */
export function controlProps(
  field: FieldState,
  required: boolean | undefined,
  defaultValue: InputHTMLAttributes<HTMLInputElement>['defaultValue'],
  messages: FieldMessages | undefined,
) {
  return {
    id: field.id,
    name: field.name,
    required,
    'aria-invalid': field['aria-invalid'],
    'aria-describedby': field['aria-describedby'],
    defaultValue: field.value ?? defaultValue,
    className: `${required ? 'required ' : ''}${inputClass}`,
    'data-missing': messages?.missing,
    'data-invalid': messages?.invalid,
    'data-short': messages?.short,
  };
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & {
  name: string;
  label: string;
  hint?: ReactNode;
  messages?: FieldMessages;
  /** Shows the password strength hint under a new password. */
  strength?: boolean;
  /** Marks the field required (`*`, "zorunlu") while the `required` attribute depends on other choices. */
  requiredMark?: boolean;
};

/** A text-like input (`text`, `email`, `tel`, `password`…) with its label, hint and error. */
export function TextField({
  name,
  label,
  hint,
  messages,
  required,
  className,
  defaultValue,
  strength,
  requiredMark,
  onChange,
  ...input
}: TextFieldProps) {
  const { id: formId } = useFormState();
  const fullName = useFieldName(name);
  const [typed, setTyped] = useState('');
  const strengthId = strength ? `${fieldId(formId, fullName)}-strength` : undefined;
  return (
    <FieldFrame
      name={name}
      label={label}
      required={required || requiredMark}
      hint={hint}
      describedBy={strengthId}
      className={className}
      after={
        strengthId && <PasswordStrength id={strengthId} value={typed} min={Number(input.minLength ?? 0)} />
      }
    >
      {(field) => (
        <input
          {...controlProps(field, required, defaultValue, messages)}
          onChange={(event) => {
            if (strength) setTyped(event.currentTarget.value);
            onChange?.(event);
          }}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & {
  name: string;
  label: string;
  hint?: ReactNode;
  messages?: FieldMessages;
};

export function SelectField({
  name,
  label,
  hint,
  messages,
  required,
  className,
  defaultValue,
  children,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame name={name} label={label} required={required} hint={hint} className={className}>
      {(field) => (
        <select {...controlProps(field, required, defaultValue, messages)} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type'> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown when a required box is left unticked. */
  missing?: string;
};

/** A checkbox with its label on the right, a hint and an error under it. */
export function CheckboxField({
  name,
  label,
  hint,
  missing,
  required,
  defaultChecked,
  ...input
}: CheckboxFieldProps) {
  const { t } = useTranslation();
  const { id: formId, errors, values } = useFormState();
  const fullName = useFieldName(name);
  const id = fieldId(formId, fullName);
  const error = errors[fullName];
  const echoed = values[fullName];
  const description = [
    required ? `${id}-required` : undefined,
    hint ? `${id}-hint` : undefined,
    error ? `${id}-error` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={id}
          name={fullName}
          required={required}
          defaultChecked={echoed === undefined ? defaultChecked : echoed === 'on'}
          aria-invalid={error ? true : undefined}
          aria-describedby={description || undefined}
          data-missing={missing}
          className="mt-1 size-5 shrink-0 accent-clay-700"
          {...input}
        />
        <div className="text-sm">
          <label htmlFor={id} className="text-ink-900">
            {label}
          </label>
          {required && <RequiredMark />}
          {required && (
            <span id={`${id}-required`} className="sr-only">
              {t('form.required')}
            </span>
          )}
          {hint && (
            <div id={`${id}-hint`} className="mt-1 text-ink-600">
              {hint}
            </div>
          )}
          {error && (
            <p id={`${id}-error`} className="mt-1 font-medium text-red-800">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** A success message after a redirect (`?saved=…`): announced, and focused so keyboard users start there. */
export function FormNotice({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="rounded-lg border border-olive-600 bg-[#f1f4ea] p-4 text-sm font-medium text-ink-900"
    >
      {children}
    </div>
  );
}

/** The refusal of a form without fields (a button-only post), announced where the page starts. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-sm text-red-900">
      {children}
    </div>
  );
}

/** A one-button post form; `intent` tells the page's action what is asked (works without JavaScript). */
export function IntentButton({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={secondaryButtonClass}>
        {children}
      </button>
    </Form>
  );
}
