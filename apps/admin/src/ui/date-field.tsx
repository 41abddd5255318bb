import 'react-day-picker/style.css';
import './date-field.css';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { tr } from 'react-day-picker/locale';
import {
  type Control,
  Controller,
  type ControllerFieldState,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { dayOf, dayText, maskClock, maskDay } from './dates.ts';
import { Field, Input } from './field.tsx';

interface DateFieldProps {
  label: string;
  /** The day as typed, gg.aa.yyyy (see dates.ts for turning it into the API's ISO day). */
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * A day in the Turkish way, gg.aa.yyyy, whatever the browser's language (a date input shows the browser's
 * own order, mm/dd/yyyy on an English one): typed, with the dots put in, or picked on a Turkish calendar.
 */
export function DateField({ label, value, onChange, onBlur, error, hint }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const calendarId = useId();
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const selected = dayOf(value);

  // A tap or click anywhere else closes the calendar, as a menu would.
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const close = () => {
    setOpen(false);
    input.current?.focus();
  };

  return (
    <Field label={label} error={error} hint={hint ?? 'gg.aa.yyyy'}>
      {(control) => (
        <div ref={box} className="relative">
          {/* The calendar's button sits inside the field, so a narrow column still shows the whole day. */}
          <Input
            {...control}
            ref={input}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className="pr-11"
            value={value}
            onChange={(event) => onChange(maskDay(event.target.value))}
            onBlur={onBlur}
          />
          <button
            type="button"
            className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded text-stone-800 hover:bg-stone-100"
            aria-label={open ? 'Takvimi kapat' : 'Takvimi aç'}
            aria-expanded={open}
            aria-controls={calendarId}
            onClick={() => setOpen(!open)}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor">
              <rect x="3" y="4.5" width="14" height="12.5" rx="1.5" strokeWidth="1.5" />
              <path d="M3 8.5h14M7 3v3M13 3v3" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
          </button>
          {open && (
            <div
              id={calendarId}
              role="dialog"
              aria-label="Takvim"
              onKeyDown={(event) => {
                if (event.key !== 'Escape') return;
                event.preventDefault();
                close();
              }}
              className="vitrin-calendar absolute left-0 z-20 mt-1 rounded-lg border border-stone-300 bg-white p-2 shadow-lg"
            >
              <DayPicker
                mode="single"
                locale={tr}
                autoFocus
                selected={selected}
                defaultMonth={selected}
                onSelect={(day) => {
                  if (day) onChange(dayText(day));
                  close();
                }}
              />
            </div>
          )}
        </div>
      )}
    </Field>
  );
}

/** A text field of a React Hook Form form: the form holds the typed text, its resolver reads it. */
interface FormTextProps<T extends FieldValues> {
  form: { control: Control<T> };
  name: Path<T>;
  label: string;
}

/** The field's text and its error message, as a form's `Controller` renders them. */
const textOf = ({ field }: { field: { value: unknown } }) => String(field.value ?? '');
const errorOf = ({ fieldState }: { fieldState: ControllerFieldState }) => fieldState.error?.message;

/** A DateField of a React Hook Form form: the form holds the typed text, its resolver reads the day. */
export function FormDateField<T extends FieldValues>({ form, name, label }: FormTextProps<T>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={(rendered) => (
        <DateField
          label={label}
          value={textOf(rendered)}
          onChange={rendered.field.onChange}
          onBlur={rendered.field.onBlur}
          error={errorOf(rendered)}
        />
      )}
    />
  );
}

/**
 * A time of day in the Turkish way, 24-hour ss:dd, whatever the browser's language (a time input shows
 * "hh:mm AM" on an English one): typed, with the colon put in ("0930" → "09:30").
 */
export function FormTimeField<T extends FieldValues>({ form, name, label }: FormTextProps<T>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={(rendered) => (
        <Field label={label} error={errorOf(rendered)} hint="ss:dd, 24 saat">
          {(control) => (
            <Input
              {...control}
              ref={rendered.field.ref}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              value={textOf(rendered)}
              onChange={(event) => rendered.field.onChange(maskClock(event.target.value))}
              onBlur={rendered.field.onBlur}
            />
          )}
        </Field>
      )}
    />
  );
}
