import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../ui/button.tsx';
import { FormInput } from '../ui/form-fields.tsx';
import type { ProductFormValues } from './product-editor-form.ts';
import { Check, errorAt, useReadOnly } from './product-editor-parts.tsx';

/**
 * What the shopper fills in for a designable product: text fields (label, most characters, required), a photo
 * upload if allowed, and an extra charge.
 */
export function PersonalizationFields({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const fields = useFieldArray({ control: form.control, name: 'personalization.fields', keyName: '_key' });
  const error = errorAt(form, 'personalization.fields');
  const readOnly = useReadOnly();
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-semibold">Müşterinin dolduracağı alanlar</h3>
      {fields.fields.length === 0 && <p className="text-sm text-stone-700">Henüz yazı alanı yok.</p>}
      <ul className="flex flex-col gap-3">
        {fields.fields.map((field, i) => (
          <li key={field._key}>
            <fieldset className="grid items-end gap-3 rounded-md border border-stone-300 p-3 sm:grid-cols-[2fr_1fr_auto_auto]">
              <legend className="px-1 text-sm font-medium">Yazı alanı {i + 1}</legend>
              <FormInput
                form={form}
                name={`personalization.fields.${i}.label`}
                label="Alan adı"
                autoComplete="off"
                placeholder="ör. Kupa üzerindeki isim"
              />
              <FormInput
                form={form}
                name={`personalization.fields.${i}.maxLength`}
                label="En fazla karakter"
                inputMode="numeric"
                autoComplete="off"
              />
              <Check form={form} name={`personalization.fields.${i}.required`} label="Zorunlu" />
              {!readOnly && (
                <Button
                  look="secondary"
                  aria-label={`Yazı alanı ${i + 1}: kaldır`}
                  onClick={() => fields.remove(i)}
                >
                  Kaldır
                </Button>
              )}
            </fieldset>
          </li>
        ))}
      </ul>
      {error && <p className="text-sm text-red-700">{error}</p>}
      <div hidden={readOnly}>
        <Button
          look="secondary"
          disabled={fields.fields.length >= 10}
          onClick={() => fields.append({ key: '', label: '', maxLength: '50', required: true })}
        >
          Yazı alanı ekle
        </Button>
      </div>
      <Check form={form} name="personalization.allowImage" label="Müşteri fotoğraf yükleyebilsin" />
      <div className="max-w-xs">
        <FormInput
          form={form}
          name="personalization.surcharge"
          label="Kişiselleştirme ek ücreti (TL)"
          inputMode="decimal"
          autoComplete="off"
          hint="Boş: ek ücret yok."
        />
      </div>
    </div>
  );
}
