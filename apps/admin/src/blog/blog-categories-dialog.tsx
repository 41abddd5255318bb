import { zodResolver } from '@hookform/resolvers/zod';
import { type BlogTerm, type BlogTermInput, blogTermRequest } from '@vitrin/shared/api/admin/blog';
import type { z } from '@vitrin/shared/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../ui/form-dialog.tsx';
import { FormInput, SlugInput } from '../ui/form-fields.tsx';
import { type BlogTermKind, saveBlogTerm, useBlogTermChange } from './blog-api.ts';

const FIELDS = ['name', 'slug'] as const;
const WORDS: Record<BlogTermKind, { of: string; label: string; add: string }> = {
  categories: { of: 'kategorisini', label: 'Kategori adı', add: 'Blog kategorisi ekle' },
  tags: { of: 'etiketini', label: 'Etiket adı', add: 'Blog etiketi ekle' },
};

/** A new blog category or tag (no `term`) or a rename of one. */
export function BlogTermDialog({
  kind,
  term,
  onClose,
}: {
  kind: BlogTermKind;
  term?: BlogTerm;
  onClose: () => void;
}) {
  const form = useForm<z.input<typeof blogTermRequest>, unknown, BlogTermInput>({
    resolver: zodResolver(blogTermRequest),
    defaultValues: { name: term?.name ?? '', slug: term?.slug ?? '' },
  });
  const save = useBlogTermChange(kind, (input: BlogTermInput) => saveBlogTerm(kind, term?.id, input));
  const words = WORDS[kind];
  return (
    <FormDialog
      title={term ? `${term.name} ${words.of} düzenle` : words.add}
      onClose={onClose}
      form={form}
      save={save}
      fields={FIELDS}
    >
      <FormInput form={form} name="name" label={words.label} autoComplete="off" />
      <SlugInput form={form} example="Atölye Notları → atolye-notlari" />
    </FormDialog>
  );
}
