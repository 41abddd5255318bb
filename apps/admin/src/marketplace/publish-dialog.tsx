import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../lib/api.ts';
import { useProduct } from '../products/product-editor-api.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { Field, FormError, Input, Select } from '../ui/field.tsx';
import { Loading } from '../ui/page.tsx';
import {
  type Attribute,
  type AttributeChoice,
  askedAttributes,
  CUSTOM_VALUE,
  MAPPINGS_TAB,
  mappingOf,
  missingOf,
  publishBody,
  publishedText,
  useMappings,
  usePublish,
  useTrendyolAttributes,
} from './publish-api.ts';

const MAPPINGS_LINK = { search: `?durum=${MAPPINGS_TAB}` };

function MappingsLink({ onClose }: { onClose: () => void }) {
  return (
    <Link to={MAPPINGS_LINK} onClick={onClose} className="font-medium text-amber-900 underline">
      Eşleştirmeler sekmesinde eşleyin
    </Link>
  );
}

/** One attribute: a list of its values (with "Başka bir değer" when typed ones are taken) or a text box. */
function AttributeField({
  attribute: a,
  choice,
  error,
  onChange,
}: {
  attribute: Attribute;
  choice: AttributeChoice;
  error: string | undefined;
  onChange: (c: AttributeChoice) => void;
}) {
  const label = `${a.name}${a.required ? ' (zorunlu)' : ''}`;
  const typed = a.values.length === 0 || choice.valueId === CUSTOM_VALUE;
  return (
    <div className="flex flex-col gap-2">
      {a.values.length > 0 && (
        <Field label={label} error={typed ? undefined : error}>
          {(control) => (
            <Select
              {...control}
              value={choice.valueId}
              onChange={(e) => onChange({ ...choice, valueId: e.target.value })}
            >
              <option value="">Seçin</option>
              {a.values.map((v) => (
                <option key={v.id} value={String(v.id)}>
                  {v.name}
                </option>
              ))}
              {a.allowCustom && <option value={CUSTOM_VALUE}>Başka bir değer yazın</option>}
            </Select>
          )}
        </Field>
      )}
      {typed && (
        <Field label={a.values.length === 0 ? label : `${a.name}: değer`} error={error}>
          {(control) => (
            <Input
              {...control}
              value={choice.custom}
              autoComplete="off"
              onChange={(e) => onChange({ ...choice, custom: e.target.value })}
            />
          )}
        </Field>
      )}
    </div>
  );
}

/**
 * "Trendyol'a gönder" for a product Trendyol does not list: its mapped category's attributes to fill (required
 * ones first), the desi, then the send. What is missing (a mapping, an image, a price…) is listed in Turkish
 * with the way to the mappings; a taken send says it waits for Trendyol's approval.
 */
export function PublishDialog({
  productId,
  name,
  onClose,
}: {
  productId: number;
  name: string;
  onClose: () => void;
}) {
  const product = useProduct(productId);
  const mappings = useMappings();
  const category =
    product.data && mappings.data
      ? mappingOf(mappings.data, 'category', String(product.data.categoryId))
      : undefined;
  const brand =
    product.data && mappings.data ? mappingOf(mappings.data, 'brand', product.data.brand) : undefined;
  const attributes = useTrendyolAttributes(category?.remote);
  const publish = usePublish(productId);
  const [choices, setChoices] = useState<Record<number, AttributeChoice>>({});
  const [desi, setDesi] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const asked = attributes.data ? askedAttributes(attributes.data) : [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const made = publishBody(asked, choices, desi);
    setErrors(made.errors ?? {});
    if (made.body) publish.mutate(made.body);
  };
  const title = `Trendyol’a gönder: ${name}`;

  if (publish.data)
    return (
      <Dialog title={title} open onClose={onClose}>
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm">
          {publishedText(publish.data)}
        </p>
        <p className="text-sm text-stone-700">
          Ürün “Eşleşen” sekmesinde onay bekleyen olarak görünür; Trendyol’un yanıtı sonraki eşitlemede gelir.
        </p>
        <div className="flex justify-end">
          <Button onClick={onClose}>Kapat</Button>
        </div>
      </Dialog>
    );

  const loading = product.isPending || mappings.isPending || (category !== undefined && attributes.isPending);
  const loadError = product.error ?? mappings.error ?? attributes.error;
  const missing = missingOf(publish.error);
  return (
    <Dialog title={title} open onClose={onClose}>
      {loading ? (
        <Loading />
      ) : loadError ? (
        <FormError message={messageOf(loadError)} />
      ) : (
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          {missing.length > 0 ? (
            <div
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              <p className="font-medium">Ürün Trendyol’a gönderilemez; eksikler:</p>
              <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">
                {missing.map((m) => (
                  <li key={m.kind}>
                    {m.message}
                    {(m.kind === 'category' || m.kind === 'brand') && (
                      <>
                        {' '}
                        <MappingsLink onClose={onClose} />
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            publish.isError && <FormError message={messageOf(publish.error)} />
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-stone-700">Trendyol kategorisi</dt>
            <dd className="[overflow-wrap:anywhere]">
              {category ? category.remoteName : <span className="text-red-800">Eşlenmemiş. </span>}
              {!category && <MappingsLink onClose={onClose} />}
            </dd>
            <dt className="text-stone-700">Trendyol markası</dt>
            <dd className="[overflow-wrap:anywhere]">
              {brand ? (
                brand.remoteName
              ) : product.data?.brand ? (
                <>
                  <span className="text-red-800">“{product.data.brand}” eşlenmemiş. </span>
                  <MappingsLink onClose={onClose} />
                </>
              ) : (
                <span className="text-red-800">Ürünün markası boş; önce ürüne marka girin.</span>
              )}
            </dd>
          </dl>
          {category && asked.length === 0 && (
            <p className="text-sm text-stone-700">Bu Trendyol kategorisinin doldurulacak özelliği yok.</p>
          )}
          {asked.length > 0 && (
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-1 text-sm font-semibold">Trendyol özellikleri</legend>
              {asked.map((a) => (
                <AttributeField
                  key={a.id}
                  attribute={a}
                  choice={choices[a.id] ?? { valueId: '', custom: '' }}
                  error={errors[String(a.id)]}
                  onChange={(c) => setChoices({ ...choices, [a.id]: c })}
                />
              ))}
            </fieldset>
          )}
          <Field
            label="Desi"
            error={errors.desi}
            hint="Kargo için hacimsel ağırlık; boş bırakılırsa 1 gönderilir."
          >
            {(control) => (
              <Input
                {...control}
                value={desi}
                inputMode="decimal"
                autoComplete="off"
                onChange={(e) => setDesi(e.target.value)}
              />
            )}
          </Field>
          <DialogActions onCancel={onClose} saving={publish.isPending} submitLabel="Trendyol’a gönder" />
        </form>
      )}
    </Dialog>
  );
}
