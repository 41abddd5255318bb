import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminPage,
  type PageInput,
  type PageRequest,
  pageRequest,
} from '@vitrin/shared/api/admin/pages';
import { PAGE_TYPE, PAGE_TYPES } from '@vitrin/shared/constants';
import { type Resolver, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { paths } from '../paths.ts';
import { FormInput, FormSelect, SlugInput } from '../ui/form-fields.tsx';
import { RecordEditorFrame, RecordEditorRoute, useRecordEditor } from '../ui/record-editor.tsx';
import { usePage, useSavePage } from './pages-api.ts';
import { pageScreen } from './pages-page.tsx';
import { RichTextField } from './rich-text-field.tsx';

const FIELDS = ['type', 'title', 'slug', 'summary', 'body', 'position', 'isPublished'] as const;
const LABELS = { title: 'Başlık', slug: 'Adres (slug)', summary: 'Özet', body: 'İçerik' };
const resolver = zodResolver(pageRequest) as unknown as Resolver<PageRequest, unknown, PageInput>;

const formOf = (page?: AdminPage): PageRequest =>
  page
    ? {
        type: page.type as PageRequest['type'],
        title: page.title,
        slug: page.slug,
        summary: page.summary,
        body: page.body,
        position: page.position,
        isPublished: page.isPublished,
      }
    : {
        type: PAGE_TYPE.Corporate,
        title: '',
        slug: '',
        summary: '',
        body: '',
        position: 0,
        isPublished: false,
      };

function PageEditor({ page, reload }: { page?: AdminPage; reload: () => Promise<AdminPage | undefined> }) {
  const form = useForm<PageRequest, unknown, PageInput>({ resolver, defaultValues: formOf(page) });
  const editor = useRecordEditor({
    record: page,
    form,
    formOf,
    toRequest: (values: PageInput) => values,
    save: useSavePage(page?.id),
    screenOf: pageScreen,
    fields: FIELDS,
    labels: LABELS,
    reload,
  });
  const title = page ? page.title : 'Yeni sayfa';
  return (
    <RecordEditorFrame
      title={title}
      back={{ to: paths.pages, label: 'Sayfa listesi' }}
      editor={editor}
      savedNote={editor.saved && 'Sayfa kaydedildi.'}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormInput form={form} name="title" label="Başlık" />
        <SlugInput form={form} />
        <FormSelect form={form} name="type" label="Sayfa türü">
          {Object.entries(PAGE_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </FormSelect>
        <FormInput form={form} name="position" label="Sıra" type="number" min={0} inputMode="numeric" />
      </div>
      <FormInput form={form} name="summary" label="Özet" />
      <RichTextField control={form.control} name="body" label="İçerik" />
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input type="checkbox" className="size-5" {...form.register('isPublished')} />
        Yayında (mağazada görünsün)
      </label>
    </RecordEditorFrame>
  );
}

/** `/sayfalar/yeni` adds a content page; `/sayfalar/:id` edits the stored one. */
export function PageEditorPage() {
  const { id } = useParams();
  const pageId = id === undefined ? undefined : Number(id);
  return (
    <RecordEditorRoute
      isNew={pageId === undefined}
      query={usePage(pageId)}
      missing="Sayfa bulunamadı"
      unread="Sayfa okunamadı"
    >
      {(page, reload) => <PageEditor key={page?.id} page={page} reload={reload} />}
    </RecordEditorRoute>
  );
}
