import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminPage,
  type PageInput,
  type PageRequest,
  pageRequest,
} from '@vitrin/shared/api/admin/pages';
import { PAGE_TYPES } from '@vitrin/shared/constants';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, messageOf } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { paths } from '../paths.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { usePage, useSavePage } from './pages-api.ts';
import { pageScreen } from './pages-page.tsx';
import { RichTextField } from './rich-text-field.tsx';

const FIELDS = ['type', 'title', 'slug', 'summary', 'body', 'position', 'isPublished'] as const;
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
    : { type: 1, title: '', slug: '', summary: '', body: '', position: 0, isPublished: false };

function PageEditor({ page }: { page?: AdminPage }) {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<PageRequest, unknown, PageInput>({ resolver, defaultValues: formOf(page) });
  const save = useSavePage(page?.id);
  // A new page opens as the stored one after its first save, still saying it was saved.
  const [saved, setSaved] = useState(Boolean((location.state as { saved?: boolean } | null)?.saved));
  const title = page ? page.title : 'Yeni sayfa';
  const onSubmit = form.handleSubmit((values) => {
    setSaved(false);
    save.mutate(values, {
      onSuccess: (stored) => {
        form.reset(formOf(stored));
        setSaved(true);
        if (!page) navigate(pageScreen(stored.id), { replace: true, state: { saved: true } });
      },
      onError: (error) => showApiError(error, form.setError, FIELDS),
    });
  });
  return (
    <Page
      title={title}
      actions={
        <Link to={paths.pages} className="text-sm text-amber-900 underline">
          Sayfa listesi
        </Link>
      }
    >
      <div role="status" aria-live="polite">
        {saved && (
          <p className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
            Sayfa kaydedildi.
          </p>
        )}
      </div>
      <FormError message={form.formState.errors.root?.server?.message} />
      <form noValidate onSubmit={onSubmit} aria-label={title} className="flex max-w-4xl flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <FormInput form={form} name="title" label="Başlık" />
          <FormInput
            form={form}
            name="slug"
            label="Adres (slug)"
            hint="Boş bırakılırsa başlıktan yapılır; Türkçe harfler dönüştürülür."
          />
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
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Kaydediliyor…' : 'Kaydet'}
          </Button>
        </div>
      </form>
    </Page>
  );
}

/** `/sayfalar/yeni` adds a content page; `/sayfalar/:id` edits the stored one. */
export function PageEditorPage() {
  const { id } = useParams();
  const pageId = id === undefined ? undefined : Number(id);
  const page = usePage(pageId);
  if (pageId === undefined) return <PageEditor />;
  if (page.isPending) return <Loading />;
  if (page.isError) {
    const missing = page.error instanceof ApiError && [400, 404].includes(page.error.status);
    return (
      <Page title={missing ? 'Sayfa bulunamadı' : 'Sayfa okunamadı'}>
        <FormError message={messageOf(page.error)} />
      </Page>
    );
  }
  return <PageEditor key={page.data.id} page={page.data} />;
}
