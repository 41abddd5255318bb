import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminTag, type TagInput, type TagRequest, tagRequest } from '@vitrin/shared/api/admin/tags';
import { useForm } from 'react-hook-form';
import { TAGS_KEY, TAGS_PATH, useSaveItem } from '../categories/structure-api.ts';
import { FormDialog } from '../ui/form-dialog.tsx';
import { FormInput, SlugInput } from '../ui/form-fields.tsx';

const FIELDS = ['name', 'slug'] as const;

/** A new tag (no `tag`) or a rename of one. */
export function TagDialog({ tag, onClose }: { tag?: AdminTag; onClose: () => void }) {
  const form = useForm<TagRequest, unknown, TagInput>({
    resolver: zodResolver(tagRequest),
    defaultValues: { name: tag?.name ?? '', slug: tag?.slug ?? '' },
  });
  const save = useSaveItem<TagInput>(TAGS_KEY, TAGS_PATH, tag?.id);
  return (
    <FormDialog
      title={tag ? `${tag.name} etiketini düzenle` : 'Etiket ekle'}
      onClose={onClose}
      form={form}
      save={save}
      fields={FIELDS}
    >
      <FormInput form={form} name="name" label="Etiket adı" autoComplete="off" />
      <SlugInput form={form} example="Yılbaşı Hediyesi → yilbasi-hediyesi" />
    </FormDialog>
  );
}
