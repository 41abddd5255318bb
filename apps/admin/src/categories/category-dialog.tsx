import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCategory, categoryRequest } from '@vitrin/shared/api/admin/categories';
import { z } from '@vitrin/shared/zod';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Field } from '../ui/field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { FormInput, FormSelect, SlugInput } from '../ui/form-fields.tsx';
import { CATEGORIES_KEY, CATEGORIES_PATH, useSaveItem } from './structure-api.ts';
import { isWithin } from './tree-place.ts';

/** The form's parent is a select's text ('' the top); the rest is the API's own schema. */
const formSchema = categoryRequest.extend({
  parentId: z.string().transform((v) => (v === '' ? null : Number(v))),
});
type FormValues = z.input<typeof formSchema>;
type Sent = z.output<typeof formSchema>;
const FIELDS = ['name', 'slug', 'description', 'parentId', 'isActive', 'isFeatured'] as const;

export function Check({ label, field }: { label: string; field: UseFormRegisterReturn }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-5 accent-amber-800" {...field} />
      {label}
    </label>
  );
}

/** A new category (no `category`) or an edit of one: name, slug, description, parent, visible, featured. */
export function CategoryDialog({
  category,
  all,
  onClose,
}: {
  category?: AdminCategory;
  all: readonly AdminCategory[];
  onClose: () => void;
}) {
  const form = useForm<FormValues, unknown, Sent>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      parentId: category?.parentId ? String(category.parentId) : '',
      isActive: category?.ownActive ?? true,
      isFeatured: category?.isFeatured ?? false,
    },
  });
  const save = useSaveItem<Sent>(CATEGORIES_KEY, CATEGORIES_PATH, category?.id);
  // A category cannot go under itself or below it.
  const parents = all.filter((c) => !category || !isWithin(all, category.id, c.id));
  const description = form.formState.errors.description?.message;
  return (
    <FormDialog
      title={category ? `${category.name} kategorisini düzenle` : 'Kategori ekle'}
      onClose={onClose}
      form={form}
      save={save}
      fields={FIELDS}
    >
      <FormInput form={form} name="name" label="Kategori adı" autoComplete="off" />
      <SlugInput form={form} example="Kış Ürünleri → kis-urunleri" />
      <Field label="Açıklama" error={description}>
        {(control) => (
          <textarea
            {...control}
            {...form.register('description')}
            rows={3}
            className="w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 aria-[invalid=true]:border-red-700"
          />
        )}
      </Field>
      <FormSelect form={form} name="parentId" label="Üst kategori">
        <option value="">(En üstte)</option>
        {parents.map((c) => (
          <option key={c.id} value={c.id}>
            {`${'— '.repeat(c.depth)}${c.name}`}
          </option>
        ))}
      </FormSelect>
      <Check label="Mağazada görünsün" field={form.register('isActive')} />
      <Check label="Ana sayfada öne çıksın" field={form.register('isFeatured')} />
    </FormDialog>
  );
}
