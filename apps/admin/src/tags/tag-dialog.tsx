import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminTag, type TagInput, type TagRequest, tagRequest } from '@vitrin/shared/api/admin/tags';
import { useForm } from 'react-hook-form';
import { TAGS_KEY, TAGS_PATH, useSaveItem } from '../categories/structure-api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
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
    <Dialog title={tag ? `${tag.name} etiketini düzenle` : 'Etiket ekle'} open onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: onClose,
            onError: (error) => showApiError(error, form.setError, FIELDS),
          }),
        )}
      >
        <FormError message={form.formState.errors.root?.server?.message} />
        <FormInput form={form} name="name" label="Etiket adı" autoComplete="off" />
        <FormInput
          form={form}
          name="slug"
          label="Adres (slug)"
          autoComplete="off"
          hint="Boş bırakılırsa addan yapılır: Yılbaşı Hediyesi → yilbasi-hediyesi"
        />
        <div className="flex justify-end gap-2">
          <Button look="secondary" onClick={onClose}>
            Vazgeç
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Kaydet
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
