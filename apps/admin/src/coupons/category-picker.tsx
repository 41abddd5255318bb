import type { AdminCategoryOption } from '@vitrin/shared/api/admin/categories';
import type { CouponFormValues } from '@vitrin/shared/api/admin/coupons';
import type { UseFormReturn } from 'react-hook-form';
import { messageOf } from '../lib/api.ts';
import { FormSelect } from '../ui/form-fields.tsx';
import { useCategoryOptions } from './coupons-api.ts';

/** Indents a category's name by its depth in a select (options hold text only: non-breaking spaces). */
const indented = (name: string, depth: number) =>
  `${'\u00a0\u00a0\u00a0'.repeat(depth)}${depth > 0 ? '› ' : ''}${name}`;

/** The category a coupon is limited to, picked from the tree (blank: every category). */
export function CategoryPicker({ form }: { form: UseFormReturn<CouponFormValues, unknown, unknown> }) {
  const options = useCategoryOptions();
  // The select is made once its options are there: React Hook Form then gives it the stored value.
  if (options.isPending) return <p className="text-sm text-stone-700">Kategoriler yükleniyor…</p>;
  const current = form.getValues('categoryId');
  const known = options.data?.some((c) => String(c.id) === current);
  return (
    <FormSelect
      form={form}
      name="categoryId"
      label="Kategori"
      hint={
        options.isError
          ? `Kategoriler okunamadı: ${messageOf(options.error)}`
          : 'Kupon yalnızca bu kategorideki (ve alt kategorilerindeki) ürünlere uygulanır.'
      }
    >
      <option value="">Tüm kategoriler</option>
      {current && !known && <option value={current}>{`#${current}`}</option>}
      <CategoryOptions items={options.data} />
    </FormSelect>
  );
}

/** The tree's categories as a select's options: indented by depth, hidden ones marked. */
export function CategoryOptions({ items }: { items: AdminCategoryOption[] | undefined }) {
  return items?.map((c) => (
    <option key={c.id} value={String(c.id)}>
      {indented(c.name, c.depth)}
      {c.isActive ? '' : ' (yayında değil)'}
    </option>
  ));
}
