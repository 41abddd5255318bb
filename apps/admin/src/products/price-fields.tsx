import { PRICE_TYPE } from '@vitrin/shared/constants';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../ui/button.tsx';
import { Field, Select } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { FIXED_PRICES, type ProductFormValues } from './product-editor-form.ts';
import { errorAt, Section } from './product-editor-parts.tsx';

/**
 * The seed's price types: purchase, sale and market are the fixed fields above, so only instalment and
 * wholesale can be picked for an extra entry.
 */
export const PRICE_TYPES = [
  { type: PRICE_TYPE.Purchase, label: 'Alış' },
  { type: PRICE_TYPE.Sale, label: 'Satış' },
  { type: PRICE_TYPE.Market, label: 'Piyasa' },
  { type: PRICE_TYPE.Instalment, label: 'Taksitli satış' },
  { type: PRICE_TYPE.Wholesale, label: 'Toptan' },
] as const;

const EXTRA_TYPES = [String(PRICE_TYPE.Instalment), String(PRICE_TYPE.Wholesale)];

/**
 * Purchase, sale and market prices typed in lira, the currency, VAT, and the extra price entries. Read only
 * (staff who do not set prices): the purchase price is not there, as the API does not give it to them.
 */
export function PriceFields({
  form,
  readOnly,
}: {
  form: UseFormReturn<ProductFormValues>;
  readOnly: boolean;
}) {
  const shown = readOnly ? FIXED_PRICES.filter((p) => p.field !== 'purchase') : FIXED_PRICES;
  const extras = useFieldArray({ control: form.control, name: 'extraPrices', keyName: '_key' });
  const used = form.watch('extraPrices').map((e) => e.priceType);
  const free = EXTRA_TYPES.find((t) => !used.includes(t));
  return (
    <Section title="Fiyatlar">
      <div className="grid gap-4 sm:grid-cols-3">
        {shown.map(({ field, label }) => (
          <FormInput
            key={field}
            form={form}
            name={field}
            label={`${label} (TL)`}
            inputMode="decimal"
            autoComplete="off"
            hint={
              field === 'sale'
                ? 'KDV dahil, ör. 249,90.'
                : field === 'purchase'
                  ? 'Yalnızca panelde görünür.'
                  : 'Üstü çizili gösterilir; boş: yok.'
            }
          />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormSelect form={form} name="currency" label="Para birimi">
          <option value="TRY">TRY (₺)</option>
          <option value="USD">USD ($)</option>
          <option value="EUR">EUR (€)</option>
        </FormSelect>
        <FormSelect form={form} name="vatRate" label="KDV oranı">
          <option value="0">%0</option>
          <option value="10">%10</option>
          <option value="20">%20</option>
        </FormSelect>
      </div>
      {extras.fields.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Diğer fiyatlar">
          {extras.fields.map((entry, i) => (
            <li key={entry._key} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <Field label="Fiyat tipi" error={errorAt(form, `extraPrices.${i}.priceType`)}>
                {(control) => (
                  <Select {...control} {...form.register(`extraPrices.${i}.priceType`)}>
                    {PRICE_TYPES.map(({ type, label }) => (
                      <option key={type} value={String(type)} disabled={type < 4}>
                        {type} · {label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <FormInput
                form={form}
                name={`extraPrices.${i}.price`}
                label="Tutar (TL)"
                inputMode="decimal"
                autoComplete="off"
              />
              {!readOnly && (
                <Button
                  look="secondary"
                  aria-label={`Fiyatı kaldır (${PRICE_TYPES.find((t) => String(t.type) === used[i])?.label ?? 'fiyat'})`}
                  onClick={() => extras.remove(i)}
                >
                  Kaldır
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <div>
          <Button
            look="secondary"
            disabled={free === undefined}
            onClick={() => free && extras.append({ priceType: free, price: '' })}
          >
            Fiyat ekle (taksitli, toptan)
          </Button>
        </div>
      )}
    </Section>
  );
}
