import type { AdminProduct, StockMovement } from '@vitrin/shared/api/admin/products';
import { slugify } from '@vitrin/shared/slug';
import { useEffect, useRef, useState } from 'react';
import { type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useBlocker, useLocation, useNavigate } from 'react-router';
import { RichTextField } from '../content/rich-text-field.tsx';
import { CategoryOptions } from '../coupons/category-picker.tsx';
import { useCategoryOptions } from '../coupons/coupons-api.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect, FormTextarea } from '../ui/form-fields.tsx';
import { Page } from '../ui/page.tsx';
import { ConflictNotice, useLoadedVersion } from '../ui/record-editor.tsx';
import { PersonalizationFields } from './personalization-fields.tsx';
import { PriceFields } from './price-fields.tsx';
import { useProduct, useSaveProduct } from './product-editor-api.ts';
import {
  blankProduct,
  FORM_STOCK_TYPE,
  formOf,
  formPathOf,
  type ProductFormValues,
  productResolver,
  toRequest,
} from './product-editor-form.ts';
import { Check, ReadOnly, Section, useReadOnly } from './product-editor-parts.tsx';
import { ProductImagesSection } from './product-images-section.tsx';
import { productScreen } from './products-api.ts';
import { SeoFields } from './seo-fields.tsx';
import { StockAdjust } from './stock-adjust.tsx';
import { VariantMatrix } from './variant-matrix.tsx';

type Form = UseFormReturn<ProductFormValues>;

/** Fields the form shows: an API message for one of them goes under it, any other to the form's top. */
const SHOWN =
  /^(name|sku|barcode|brand|slug|shortDescription|description|stockType|categoryId|vatRate|currency|purchase|sale|market|stock|lowStockThreshold|metaTitle|metaDescription|optionGroups|variants|personalization\.(fields|surcharge)|extraPrices\.\d+\.(priceType|price)|variants\.\d+\.(sku|barcode|price|stock|images)|optionGroups\.\d+\.(name|values)|personalization\.fields\.\d+\.(label|maxLength))$/;

/** Puts the API's refusal on the form: each field's message under its field, the rest at the top. */
function showSaveError(form: Form, error: unknown, priceFields: string[]) {
  const fields = error instanceof ApiError ? error.fields : {};
  let placed = 0;
  for (const [name, message] of Object.entries(fields)) {
    const path = formPathOf(name, priceFields);
    if (!SHOWN.test(path)) continue;
    form.setError(
      path as Path<ProductFormValues>,
      { type: 'server', message },
      { shouldFocus: placed === 0 },
    );
    placed++;
  }
  if (placed < Object.keys(fields).length || placed === 0) {
    form.setError('root.server', { type: 'server', message: messageOf(error) });
  }
}

/** The form's texts, shown to copy after a save refused over someone else's change loaded the stored product. */
const TEXT_LABELS: Partial<Record<keyof ProductFormValues, string>> = {
  name: 'Ürün adı',
  shortDescription: 'Kısa açıklama',
  description: 'Açıklama',
  metaTitle: 'Meta başlık',
  metaDescription: 'Meta açıklama',
};

const STOCK_TYPES = [
  { value: FORM_STOCK_TYPE.Single, label: 'Tekil', hint: 'Tek bir stok adedi.' },
  {
    value: FORM_STOCK_TYPE.Variant,
    label: 'Varyantlı',
    hint: 'Renk, beden gibi seçenekler; her varyantın stoğu.',
  },
  {
    value: FORM_STOCK_TYPE.Designable,
    label: 'Tasarlanabilir',
    hint: 'Müşteri yazı ya da fotoğrafla kişiselleştirir.',
  },
  { value: FORM_STOCK_TYPE.Virtual, label: 'Sanal', hint: 'Kargoya verilmez (dijital ürün, hizmet).' },
] as const;

function CategoryField({ form }: { form: Form }) {
  const options = useCategoryOptions();
  // The select is made once its options are there: React Hook Form then gives it the stored value.
  if (options.isPending) return <p className="text-sm text-stone-700">Kategoriler yükleniyor…</p>;
  return (
    <FormSelect
      form={form}
      name="categoryId"
      label="Kategori"
      hint={options.isError ? `Kategoriler okunamadı: ${messageOf(options.error)}` : undefined}
    >
      <option value="">Kategori seçin</option>
      <CategoryOptions items={options.data} />
    </FormSelect>
  );
}

function Basics({ form, isNew }: { form: Form; isNew: boolean }) {
  // A new product's slug follows its name until the slug is typed by hand.
  const slugTyped = useRef(!isNew);
  useEffect(() => {
    const watcher = form.watch((values, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'slug') slugTyped.current = true;
      if (name === 'name' && !slugTyped.current) form.setValue('slug', slugify(values.name ?? ''));
    });
    return () => watcher.unsubscribe();
  }, [form]);
  return (
    <Section title="Temel bilgiler">
      <FormInput form={form} name="name" label="Ürün adı" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormInput form={form} name="sku" label="SKU (stok kodu)" autoComplete="off" />
        <FormInput
          form={form}
          name="barcode"
          label="Barkod"
          inputMode="numeric"
          autoComplete="off"
          hint="8-14 rakam (EAN/GTIN); boş olabilir."
        />
        <FormInput form={form} name="brand" label="Marka" autoComplete="off" />
      </div>
      <CategoryField form={form} />
      <FormTextarea form={form} name="shortDescription" label="Kısa açıklama" rows={2} />
      <RichTextField control={form.control} name="description" label="Açıklama" readOnly={useReadOnly()} />
      <Check form={form} name="isActive" label="Satışta (mağazada görünsün)" />
    </Section>
  );
}

function StockSection({ form }: { form: Form }) {
  const stockType = form.watch('stockType');
  const typeError = form.formState.errors.stockType?.message;
  return (
    <Section title="Stok">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-stone-800">Stok tipi</legend>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {STOCK_TYPES.map((t) => (
            <label
              key={t.value}
              className="flex cursor-pointer gap-2 rounded-md border border-stone-300 p-3 has-checked:border-amber-800 has-checked:bg-amber-50"
            >
              <input
                type="radio"
                value={t.value}
                className="mt-1 size-4 accent-amber-800"
                {...form.register('stockType')}
              />
              <span className="flex flex-col">
                <span className="text-sm font-medium">{t.label}</span>
                <span className="text-sm text-stone-700">{t.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {typeError && <p className="text-sm text-red-700">{typeError}</p>}
      </fieldset>
      {stockType !== FORM_STOCK_TYPE.Variant && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInput
            form={form}
            name="stock"
            label="Stok adedi"
            inputMode="numeric"
            autoComplete="off"
            hint={stockType === FORM_STOCK_TYPE.Virtual ? 'Boş bırakın: sınırsız.' : undefined}
          />
        </div>
      )}
      {stockType === FORM_STOCK_TYPE.Variant && <VariantMatrix form={form} />}
      {stockType === FORM_STOCK_TYPE.Designable && <PersonalizationFields form={form} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="lowStockThreshold"
          label="Düşük stok eşiği"
          inputMode="numeric"
          autoComplete="off"
          hint="Bu adedin altında uyarı verilir; boş: mağazanın genel eşiği."
        />
      </div>
    </Section>
  );
}

/** Asks before leaving with changes not saved (a link in the panel; the browser asks on reload and close). */
function LeaveGuard({ dirty, allowed }: { dirty: boolean; allowed: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <Dialog
      title="Kaydedilmemiş değişiklikler var"
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
    >
      <p>Sayfadan çıkarsanız bu değişiklikler kaybolur.</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button look="secondary" onClick={() => blocker.reset?.()}>
          Sayfada kal
        </Button>
        <Button look="danger" onClick={() => blocker.proceed?.()}>
          Değişiklikleri bırak
        </Button>
      </div>
    </Dialog>
  );
}

/** The product form, new (no `product`) or of a stored product; read-only without `catalog.write`. */
export function ProductEditor({ product }: { product?: AdminProduct }) {
  const staff = useStaff();
  const canWrite = has(staff, 'catalog.write');
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<ProductFormValues>({
    resolver: productResolver,
    defaultValues: product ? formOf(product) : blankProduct,
  });
  const save = useSaveProduct(product?.id);
  const productQuery = useProduct(product?.id);
  const reload = async () => (await productQuery.refetch()).data;
  // A save sends the version the form loaded: one over someone else's change is refused and offers the stored.
  const loaded = useLoadedVersion({ record: product, form, formOf, labels: TEXT_LABELS, reload });
  const [saved, setSaved] = useState(Boolean((location.state as { saved?: boolean } | null)?.saved));
  const leaving = useRef(false);
  const { errors, isDirty, isSubmitted } = form.formState;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 6_000);
    return () => clearTimeout(timer);
  }, [saved]);

  const onSubmit = form.handleSubmit((values) => {
    setSaved(false);
    const { request, priceFields } = toRequest(values);
    save.mutate(product ? { ...request, loadedUpdatedAt: loaded.version } : request, {
      onSuccess: (stored) => {
        form.reset(formOf(stored));
        loaded.saved(stored);
        if (product) return setSaved(true);
        leaving.current = true;
        navigate(productScreen(stored.id), { replace: true, state: { saved: true } });
      },
      onError: (error) => {
        if (!loaded.refused(error)) showSaveError(form, error, priceFields);
      },
    });
  });

  // An adjustment changed a counted stock: the form shows it, not as a change of its own.
  // The adjustment moved the product's version: the form's next save goes with the stored one.
  const onAdjusted = (movement: StockMovement) => {
    void reload().then((fresh) => fresh && loaded.saved(fresh));
    if (movement.variantId === null) {
      form.resetField('stock', { defaultValue: String(movement.stockAfter) });
      return;
    }
    const i = form.getValues('variants').findIndex((v) => v.id === movement.variantId);
    if (i >= 0) form.resetField(`variants.${i}.stock`, { defaultValue: String(movement.stockAfter) });
  };

  const title = product ? product.name : 'Yeni ürün';
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Page
      title={title}
      actions={
        <Link to={paths.products} className="text-sm text-amber-900 underline">
          Ürün listesi
        </Link>
      }
    >
      {canWrite && <LeaveGuard dirty={isDirty} allowed={() => leaving.current} />}
      {!canWrite && (
        <p className="rounded-md border border-stone-300 bg-stone-50 px-3 py-2 text-sm">
          Bu ürünü yalnızca görüntüleyebilirsiniz: ürünleri mağaza sahibi ve yöneticiler değiştirir.
        </p>
      )}
      <div role="status" aria-live="polite">
        {saved && (
          <p className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
            Ürün kaydedildi.
          </p>
        )}
      </div>
      <ConflictNotice editor={loaded} />
      <FormError message={errors.root?.server?.message} />
      <form noValidate onSubmit={onSubmit} aria-label={title}>
        <fieldset
          disabled={!canWrite}
          className="flex min-w-0 flex-col gap-5 [&_:is(input,select,textarea):disabled]:bg-stone-100"
        >
          <ReadOnly.Provider value={!canWrite}>
            <Basics form={form} isNew={!product} />
            {/* Before the variants: a variant's image is picked from these. */}
            <ProductImagesSection form={form} disabled={!canWrite} />
            <PriceFields form={form} readOnly={!canWrite} />
            <StockSection form={form} />
            <SeoFields form={form} />
          </ReadOnly.Provider>
        </fieldset>
        {canWrite && (
          <div className="sticky bottom-0 mt-5 flex flex-wrap items-center justify-end gap-3 border-t border-stone-300 bg-stone-100 py-3">
            {isSubmitted && hasErrors && (
              <p className="text-sm text-red-700" role="alert">
                Kaydedilmedi: işaretli alanları düzeltin.
              </p>
            )}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Kaydediliyor…' : 'Kaydet'}
            </Button>
          </div>
        )}
      </form>
      {/* Its own form (the adjustment dialog), so outside the product's. */}
      {product && (
        <Section title="Stok hareketleri">
          <StockAdjust product={product} canWrite={canWrite} onAdjusted={onAdjusted} />
        </Section>
      )}
    </Page>
  );
}
