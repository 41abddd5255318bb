import { zodResolver } from '@hookform/resolvers/zod';
import {
  PRODUCT_SORTS,
  PRODUCT_STOCK_STATES,
  type ProductStockState,
  productListQuery,
} from '@vitrin/shared/api/admin/products';
import { type Resolver, useForm } from 'react-hook-form';
import { useCategoryOptions } from '../coupons/coupons-api.ts';
import type { Tone } from '../ui/badge.tsx';
import { activeFilters, FilterFold, FilterForm, useFilterErrors, useFilterFold } from '../ui/filter-form.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { PRODUCT_FILTERS, type ProductFilterValues } from './products-api.ts';

export const STOCK_STATES: Record<ProductStockState, { label: string; tone: Tone }> = {
  in_stock: { label: 'Stokta', tone: 'good' },
  low: { label: 'Az kaldı', tone: 'warn' },
  out: { label: 'Tükendi', tone: 'bad' },
};

const SORT_LABELS: Record<(typeof PRODUCT_SORTS)[number], string> = {
  newest: 'En yeni',
  oldest: 'En eski',
  name: 'Ada göre (A-Z)',
  price: 'Fiyat (artan)',
  '-price': 'Fiyat (azalan)',
  stock: 'Stok (azdan çoğa)',
  '-stock': 'Stok (çoktan aza)',
};

const checkQuery = zodResolver(productListQuery) as unknown as Resolver<ProductFilterValues>;

/** The API's own query schema checks the form, an empty field being no filter (the address leaves it out). */
const resolver: Resolver<ProductFilterValues> = (values, context, options) =>
  checkQuery(
    Object.fromEntries(
      Object.entries(values).filter(([, value]) => value.trim() !== ''),
    ) as ProductFilterValues,
    context,
    options,
  );

/** A category's name indented under its parent (options hold text only). */
export const categoryLabel = (name: string, depth: number, active: boolean) =>
  `${'\u00a0\u00a0\u00a0'.repeat(depth)}${depth > 0 ? '› ' : ''}${name}${active ? '' : ' (gizli)'}`;

interface Props {
  /** The filters in the address. */
  values: ProductFilterValues;
  /** The API refused the filters (400): its messages go on the fields. */
  error: unknown;
  onApply: (values: ProductFilterValues) => void;
}

/** The filters that narrow the list, counted on the fold's button. */
const NARROWING = ['categoryId', 'stock', 'active', 'minPrice', 'maxPrice'] as const;

/**
 * Search, category (with those under it), stock state, on sale or not, sale price range in lira, sort. On a
 * narrow screen only the search shows; the others fold behind `Filtreler`, which counts those set.
 */
export function ProductFilters({ values, error, onApply }: Props) {
  const categories = useCategoryOptions();
  const form = useForm<ProductFilterValues>({
    resolver,
    values,
  });
  useFilterErrors(error, form.setError, PRODUCT_FILTERS);
  const fold = useFilterFold(error, form.formState.errors);

  return (
    <FilterForm
      columns={5}
      serverError={form.formState.errors.root?.server?.message}
      onSubmit={form.handleSubmit(() => {
        fold.close();
        onApply(form.getValues());
      })}
    >
      <FormInput form={form} name="q" label="Ara" type="search" hint="Ad, SKU ya da barkod" />
      <FilterFold fold={fold} active={activeFilters(values, NARROWING)}>
        {/* Made once its options are there, so it shows the category the address names. */}
        {categories.isPending ? (
          <p className="text-sm text-stone-700 lg:mt-6">Kategoriler yükleniyor…</p>
        ) : (
          <FormSelect form={form} name="categoryId" label="Kategori">
            <option value="">Tümü</option>
            {values.categoryId && !categories.data?.some((c) => String(c.id) === values.categoryId) && (
              <option value={values.categoryId}>{`#${values.categoryId}`}</option>
            )}
            {categories.data?.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {categoryLabel(c.name, c.depth, c.isActive)}
              </option>
            ))}
          </FormSelect>
        )}
        <FormSelect form={form} name="stock" label="Stok durumu">
          <option value="">Tümü</option>
          {PRODUCT_STOCK_STATES.map((state) => (
            <option key={state} value={state}>
              {STOCK_STATES[state].label}
            </option>
          ))}
        </FormSelect>
        <FormSelect form={form} name="active" label="Satış durumu">
          <option value="">Tümü</option>
          <option value="1">Satışta</option>
          <option value="0">Satışta değil</option>
        </FormSelect>
        <FormSelect form={form} name="sort" label="Sıralama">
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort === 'newest' ? '' : sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </FormSelect>
        <FormInput
          form={form}
          name="minPrice"
          label="En düşük fiyat (TL)"
          inputMode="decimal"
          hint="ör. 150,50"
        />
        <FormInput form={form} name="maxPrice" label="En yüksek fiyat (TL)" inputMode="decimal" />
      </FilterFold>
    </FilterForm>
  );
}
