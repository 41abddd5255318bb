import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminTag, type TagInput, type TagRequest, tagRequest } from '@vitrin/shared/api/admin/tags';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../categories/form-dialog.tsx';
import { TAGS_KEY, TAGS_PATH, useSaveItem } from '../categories/structure-api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { FormInput } from '../ui/form-fields.tsx';

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
      error={form.formState.errors.root?.server?.message}
      saving={save.isPending}
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values, {
          onSuccess: onClose,
          onError: (error) => showApiError(error, form.setError, FIELDS),
        }),
      )}
    >
      <FormInput form={form} name="name" label="Etiket adı" autoComplete="off" />
      <FormInput
        form={form}
        name="slug"
        label="Adres (slug)"
        autoComplete="off"
        hint="Boş bırakılırsa addan yapılır: Yılbaşı Hediyesi → yilbasi-hediyesi"
      />
    </FormDialog>
  );
}
