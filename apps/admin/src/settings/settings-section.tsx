import { zodResolver } from '@hookform/resolvers/zod';
import { liraInput } from '@vitrin/shared/api/admin/lira';
import {
  type AdminSettings,
  LIRA_SETTINGS,
  RATE_SETTINGS,
  rateInput,
  type SettingsFieldKey,
  settingsFormFields,
} from '@vitrin/shared/api/admin/settings';
import { z } from '@vitrin/shared/zod';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { useSaveSettings } from './settings-api.ts';

/** A section of the settings page: a form of some settings, saved together (all or none). */
export function SettingsSection<K extends SettingsFieldKey>({
  id,
  title,
  keys,
  settings,
  children,
}: {
  /** The section's anchor: a link to `/ayarlar#id` (the dashboard's warnings) scrolls to it. */
  id?: string;
  title: string;
  keys: readonly K[];
  settings: AdminSettings;
  children: (form: UseFormReturn<FieldValues>) => ReactNode;
}) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (id && window.location.hash === `#${id}`) ref.current?.scrollIntoView();
  }, [id]);
  const [saved, setSaved] = useState(false);
  const schema = z.object(Object.fromEntries(keys.map((k) => [k, settingsFormFields[k]])));
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(keys.map((k) => [k, shown(k, settings)])),
  });
  const save = useSaveSettings();
  return (
    <section
      id={id}
      ref={ref}
      aria-labelledby={headingId}
      className="rounded-lg border border-stone-300 bg-white p-4 sm:p-5"
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      <form
        noValidate
        className="flex flex-col gap-4"
        onChange={() => setSaved(false)}
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: () => setSaved(true),
            onError: (error) => showApiError(error, form.setError, pathsOf(values)),
          }),
        )}
      >
        <FormError message={form.formState.errors.root?.server?.message as string | undefined} />
        {children(form)}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p role="status" className="text-sm text-green-800">
            {saved ? 'Kaydedildi.' : ''}
          </p>
          <Button type="submit" disabled={save.isPending}>
            Kaydet<span className="sr-only"> ({title})</span>
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A setting as its field shows it: the fees in lira (`49,90`) and the rates with a comma, as they are typed. */
function shown(key: SettingsFieldKey, settings: AdminSettings) {
  if ((LIRA_SETTINGS as readonly string[]).includes(key)) return liraInput(settings[key] as number);
  if ((RATE_SETTINGS as readonly string[]).includes(key)) return rateInput(settings[key] as string);
  if (key === 'trendyol_price_adjust') return String(settings.trendyol_price_adjust).replace('.', ',');
  if (key === 'shipping_sender')
    return settings.shipping_sender ?? { city: '', district: '', address: '', postalCode: '' };
  return settings[key];
}

/** Every field path of a form's values (`bank_accounts.0.iban`), where the API's field messages go. */
function pathsOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return prefix ? [prefix] : [];
  const own = prefix ? [prefix] : [];
  return own.concat(
    Object.entries(value).flatMap(([key, inner]) => pathsOf(inner, prefix ? `${prefix}.${key}` : key)),
  );
}
