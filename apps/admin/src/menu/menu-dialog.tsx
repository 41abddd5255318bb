import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminMenuItem, menuItemRequest } from '@vitrin/shared/api/admin/menu';
import { z } from '@vitrin/shared/zod';
import { useForm } from 'react-hook-form';
import { Check } from '../categories/category-dialog.tsx';
import { MENU_KEY, MENU_PATH, useSaveItem } from '../categories/structure-api.ts';
import { isWithin } from '../categories/tree-place.ts';
import { FormDialog } from '../ui/form-dialog.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';

const formSchema = menuItemRequest.extend({
  parentId: z.string().transform((v) => (v === '' ? null : Number(v))),
});
type FormValues = z.input<typeof formSchema>;
type Sent = z.output<typeof formSchema>;
const FIELDS = ['title', 'url', 'isActive', 'parentId'] as const;

/** A new link of the header menu (no `item`) or an edit of one; `www.ornek.com.tr` gets https://, a bad address says why in Turkish. */
export function MenuDialog({
  item,
  all,
  onClose,
}: {
  item?: AdminMenuItem;
  all: readonly AdminMenuItem[];
  onClose: () => void;
}) {
  const form = useForm<FormValues, unknown, Sent>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      title: item?.title ?? '',
      url: item?.url ?? '',
      isActive: item?.isActive ?? true,
      parentId: item?.parentId ? String(item.parentId) : '',
    },
  });
  const save = useSaveItem<Sent>(MENU_KEY, MENU_PATH, item?.id);
  const parents = all.filter((i) => !item || !isWithin(all, item.id, i.id));
  return (
    <FormDialog
      title={item ? `${item.title} bağlantısını düzenle` : 'Menüye bağlantı ekle'}
      onClose={onClose}
      form={form}
      save={save}
      fields={FIELDS}
    >
      <FormInput form={form} name="title" label="Başlık" autoComplete="off" />
      <FormInput
        form={form}
        name="url"
        label="Adres (URL)"
        inputMode="url"
        autoComplete="off"
        hint="Sitenin bir sayfası (/shop/giyim, /page/hakkimizda) ya da https:// ile başlayan tam adres."
      />
      <FormSelect form={form} name="parentId" label="Üst bağlantı">
        <option value="">(En üstte)</option>
        {parents.map((i) => (
          <option key={i.id} value={i.id}>
            {`${'— '.repeat(i.depth)}${i.title}`}
          </option>
        ))}
      </FormSelect>
      <Check label="Menüde görünsün" field={form.register('isActive')} />
    </FormDialog>
  );
}
