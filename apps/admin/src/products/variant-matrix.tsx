import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { type KeyboardEvent, useId, useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../ui/button.tsx';
import { Field, Input } from '../ui/field.tsx';
import { FormInput } from '../ui/form-fields.tsx';
import { type ProductFormValues, regenerateVariants } from './product-editor-form.ts';
import { Check, errorAt, useReadOnly } from './product-editor-parts.tsx';
import { VariantImagePicker } from './variant-image-picker.tsx';

type Groups = ProductFormValues['optionGroups'];

/** A group's values as chips: typed and added with Enter or a comma (a pasted `S, M, L` adds three). */
function ChipsInput({
  label,
  values,
  error,
  onChange,
}: {
  label: string;
  values: string[];
  error: string | undefined;
  onChange: (values: string[]) => void;
}) {
  const [typed, setTyped] = useState('');
  const listId = useId();
  const readOnly = useReadOnly();
  const add = (text: string) => {
    const next = [...values];
    for (const part of text.split(',')) {
      const value = part.trim();
      if (value && !next.some((v) => foldTurkish(v) === foldTurkish(value))) next.push(value);
    }
    if (next.length !== values.length) onChange(next);
    setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(typed);
    } else if (event.key === 'Backspace' && typed === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {readOnly && <span className="text-sm font-medium text-stone-800">{label}</span>}
      <div hidden={readOnly}>
        <Field label={label} error={error} hint="Değeri yazıp Enter'a ya da virgüle basın.">
          {(control) => (
            <Input
              {...control}
              aria-describedby={[control['aria-describedby'], listId].filter(Boolean).join(' ')}
              value={typed}
              autoComplete="off"
              onChange={(e) =>
                e.target.value.includes(',') ? add(e.target.value) : setTyped(e.target.value)
              }
              onKeyDown={onKeyDown}
              onBlur={() => typed.trim() && add(typed)}
            />
          )}
        </Field>
      </div>
      <ul id={listId} aria-label={`${label}: eklenenler`} className="flex flex-wrap gap-2">
        {values.map((value) => (
          <li
            key={value}
            className="flex items-center gap-1 rounded-full border border-amber-800 bg-amber-50 py-1 pr-1 pl-3 text-sm"
          >
            {value}
            {!readOnly && (
              <button
                type="button"
                className="flex size-8 items-center justify-center rounded-full text-stone-700 hover:bg-amber-100"
                aria-label={`${value} değerini kaldır`}
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Option groups (Renk, Beden…) and the variants of their matrix: every change of a group makes the rows
 * again, keeping those whose values still exist with their SKU, price and stock.
 */
export function VariantMatrix({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const rows = useFieldArray({ control: form.control, name: 'variants', keyName: '_key' });
  const groups = form.watch('optionGroups');
  const setGroups = (next: Groups, renamed?: { from: string; to: string }) => {
    form.setValue('optionGroups', next, { shouldDirty: true });
    let current = form.getValues('variants');
    if (renamed) {
      current = current.map((row) => {
        const options = Object.fromEntries(
          Object.entries(row.options).map(([name, value]) => [
            name === renamed.from ? renamed.to : name,
            value,
          ]),
        );
        return { ...row, options };
      });
    }
    rows.replace(regenerateVariants(next, current, form.getValues('sku')));
  };
  const groupsError = errorAt(form, 'optionGroups');
  const readOnly = useReadOnly();
  const variantsError = errorAt(form, 'variants');

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4">
        {groups.map((group, g) => (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: a group is its place; its name is being typed
            key={g}
            className="grid gap-3 rounded-md border border-stone-300 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]"
          >
            <legend className="px-1 text-sm font-medium">Seçenek grubu {g + 1}</legend>
            <Field label="Seçenek adı" error={errorAt(form, `optionGroups.${g}.name`)} hint="ör. Renk, Beden">
              {(control) => (
                <Input
                  {...control}
                  value={group.name}
                  autoComplete="off"
                  onChange={(e) =>
                    setGroups(
                      groups.map((x, i) => (i === g ? { ...x, name: e.target.value } : x)),
                      { from: group.name, to: e.target.value },
                    )
                  }
                />
              )}
            </Field>
            <ChipsInput
              label={`${group.name.trim() || `Grup ${g + 1}`} değerleri`}
              values={group.values}
              error={errorAt(form, `optionGroups.${g}.values`)}
              onChange={(values) => setGroups(groups.map((x, i) => (i === g ? { ...x, values } : x)))}
            />
            <div className="sm:pt-6" hidden={readOnly}>
              <Button
                look="secondary"
                aria-label={`${group.name.trim() || `Grup ${g + 1}`} grubunu kaldır`}
                onClick={() => setGroups(groups.filter((_, i) => i !== g))}
              >
                Grubu kaldır
              </Button>
            </div>
          </fieldset>
        ))}
      </div>
      {groupsError && <p className="text-sm text-red-700">{groupsError}</p>}
      <div hidden={readOnly}>
        <Button
          look="secondary"
          disabled={groups.length >= 3}
          onClick={() => setGroups([...groups, { name: '', values: [] }])}
        >
          Seçenek grubu ekle
        </Button>
      </div>

      <h3 className="font-semibold">Varyantlar ({rows.fields.length})</h3>
      {variantsError && <p className="text-sm text-red-700">{variantsError}</p>}
      {rows.fields.length === 0 ? (
        <p className="text-sm text-stone-700">
          Seçenek gruplarına değer ekleyin: her birleşim bir varyant olur.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.fields.map((row, i) => {
            const name = Object.values(row.options).join(' / ');
            return (
              <li key={row._key}>
                <fieldset className="grid grid-cols-2 gap-3 rounded-md border border-stone-300 p-3 lg:grid-cols-[2fr_2fr_1fr_1fr_auto_auto]">
                  <legend className="px-1 text-sm font-semibold">{name}</legend>
                  {/* Two to a line on a phone: SKU and barcode on their own, the short ones beside each other. */}
                  <div className="col-span-2 lg:col-span-1">
                    <FormInput form={form} name={`variants.${i}.sku`} label="SKU" autoComplete="off" />
                  </div>
                  <div className="col-span-2 lg:col-span-1">
                    <FormInput
                      form={form}
                      name={`variants.${i}.barcode`}
                      label="Barkod"
                      inputMode="numeric"
                      autoComplete="off"
                    />
                  </div>
                  <FormInput
                    form={form}
                    name={`variants.${i}.price`}
                    label="Fiyat (TL)"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="Ürünün"
                  />
                  <FormInput
                    form={form}
                    name={`variants.${i}.stock`}
                    label="Stok"
                    inputMode="numeric"
                    autoComplete="off"
                  />
                  <div className="lg:pt-6">
                    <Check form={form} name={`variants.${i}.isActive`} label="Satışta" />
                  </div>
                  {/* A line of its own on a phone: the thumbnail and its button do not fit half a card. */}
                  <div className="col-span-2 sm:col-span-1">
                    <VariantImagePicker form={form} index={i} variantName={name} />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-sm text-stone-700">
        Fiyat boş: ürünün satış fiyatı. Görsel: ürünün görsellerinden biri; mağazada bu varyant seçilince ilk
        o gösterilir.
      </p>
    </div>
  );
}
