import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminBlogPost, BLOG_STATUS_LABELS, type BlogPostInput } from '@vitrin/shared/api/admin/blog';
import { formatDateTime } from '@vitrin/shared/dates';
import { lineText, z } from '@vitrin/shared/zod';
import { format } from 'date-fns';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { RichTextField } from '../content/rich-text-field.tsx';
import { uploadPostImage } from '../content/upload-image.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { paths } from '../paths.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { useBlogCategories, useBlogPost, useSaveBlogPost } from './blog-api.ts';
import { blogPostScreen } from './blog-posts-page.tsx';

/** The form's text; the server's schema checks the request made of it (`toRequest`). */
const formSchema = z.object({
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  coverImage: z.string(),
  body: z.string().refine((v) => v.trim() !== '', 'İçeriği yazın'),
  author: lineText().trim().min(2, 'Yazar adı en az 2 karakter olmalı'),
  categoryId: z.string(),
  tags: z.string(),
  isPublished: z.boolean(),
  /** `datetime-local` text in the browser's time; blank: now. */
  publishedAt: z.string(),
});
type BlogForm = z.output<typeof formSchema>;
const resolver = zodResolver(formSchema) as unknown as Resolver<BlogForm>;
const FIELDS = Object.keys(formSchema.shape) as Array<keyof BlogForm>;

const formOf = (post?: AdminBlogPost): BlogForm => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  coverImage: post?.coverImage ?? '',
  body: post?.body ?? '',
  author: post?.author ?? '',
  categoryId: post?.categoryId ? String(post.categoryId) : '',
  tags: post?.tags.join(', ') ?? '',
  isPublished: post?.isPublished ?? false,
  publishedAt:
    post && post.status !== 'draft' ? format(new Date(post.publishedAt), "yyyy-MM-dd'T'HH:mm") : '',
});

const toRequest = (f: BlogForm): BlogPostInput => ({
  title: f.title,
  slug: f.slug,
  excerpt: f.excerpt,
  coverImage: f.coverImage.trim() || null,
  body: f.body,
  author: f.author,
  categoryId: f.categoryId ? Number(f.categoryId) : null,
  tags: f.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean),
  isPublished: f.isPublished,
  publishedAt: f.publishedAt ? new Date(f.publishedAt).toISOString() : null,
});

/** Uploads a cover from the computer; the stored image's path goes into the cover field. */
function CoverUpload({ onStored }: { onStored: (path: string) => void }) {
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({});
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="cover-upload" className="text-sm font-medium text-stone-800">
        Kapak görseli yükle
      </label>
      <input
        id="cover-upload"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        disabled={state.busy}
        className="text-sm"
        aria-describedby={state.error ? 'cover-upload-error' : undefined}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setState({ busy: true });
          try {
            onStored(await uploadPostImage(file));
            setState({});
          } catch (err) {
            setState({ error: err instanceof Error ? err.message : 'Görsel yüklenemedi.' });
          } finally {
            event.target.value = '';
          }
        }}
      />
      {state.busy && (
        <p role="status" className="text-sm text-stone-700">
          Yükleniyor…
        </p>
      )}
      {state.error && (
        <p id="cover-upload-error" role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
    </div>
  );
}

function BlogEditor({ post }: { post?: AdminBlogPost }) {
  const navigate = useNavigate();
  const location = useLocation();
  const categories = useBlogCategories();
  const form = useForm<BlogForm>({ resolver, defaultValues: formOf(post) });
  const save = useSaveBlogPost(post?.id);
  // A new post opens as the stored one after its first save, still saying it was saved.
  const [saved, setSaved] = useState((location.state as { saved?: AdminBlogPost } | null)?.saved);
  const title = post ? post.title : 'Yeni blog yazısı';
  const shown = saved ?? post;
  const onSubmit = form.handleSubmit((values) => {
    setSaved(undefined);
    save.mutate(toRequest(values), {
      onSuccess: (stored) => {
        form.reset(formOf(stored));
        setSaved(stored);
        if (!post) navigate(blogPostScreen(stored.id), { replace: true, state: { saved: stored } });
      },
      onError: (error) => showApiError(error, form.setError, FIELDS),
    });
  });
  return (
    <Page
      title={title}
      actions={
        <Link to={paths.blogPosts} className="text-sm text-amber-900 underline">
          Yazı listesi
        </Link>
      }
    >
      <div role="status" aria-live="polite">
        {saved && (
          <p className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
            Yazı kaydedildi: {BLOG_STATUS_LABELS[saved.status]}
            {saved.status === 'scheduled' && ` (${formatDateTime(saved.publishedAt)} tarihinde yayımlanacak)`}
            .
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
          <FormInput form={form} name="author" label="Yazar" autoComplete="name" />
          <FormSelect form={form} name="categoryId" label="Kategori">
            <option value="">Kategorisiz</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </FormSelect>
          <FormInput form={form} name="tags" label="Etiketler" hint="Virgülle ayırın: çini, el işi" />
          <div className="flex flex-col gap-2">
            <FormInput
              form={form}
              name="coverImage"
              label="Kapak görseli"
              hint="Yüklenen görselin yolu, örneğin posts/kapak.webp"
            />
            <CoverUpload onStored={(path) => form.setValue('coverImage', path, { shouldDirty: true })} />
          </div>
        </div>
        <FormInput form={form} name="excerpt" label="Özet" />
        <RichTextField
          control={form.control}
          name="body"
          label="İçerik"
          hint={
            shown
              ? `Okuma süresi: ${shown.readingMinutes} dk (kaydedince metinden hesaplanır).`
              : 'Okuma süresi kaydedince metinden hesaplanır.'
          }
        />
        <fieldset className="flex flex-col gap-3 rounded-md border border-stone-300 p-3">
          <legend className="px-1 text-sm font-medium text-stone-800">Yayın</legend>
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" className="size-5" {...form.register('isPublished')} />
            Yayımla (işaretsizse taslak kalır, mağazada görünmez)
          </label>
          <div className="max-w-xs">
            <FormInput
              form={form}
              name="publishedAt"
              label="Yayın zamanı"
              type="datetime-local"
              hint="Boş: hemen. İleri bir zaman seçilirse yazı o an yayımlanır."
            />
          </div>
        </fieldset>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Kaydediliyor…' : 'Kaydet'}
          </Button>
        </div>
      </form>
    </Page>
  );
}

/** `/blog/yeni` adds a post; `/blog/:id` edits the stored one. */
export function BlogEditorPage() {
  const { id } = useParams();
  const postId = id === undefined ? undefined : Number(id);
  const post = useBlogPost(postId);
  if (postId === undefined) return <BlogEditor />;
  if (post.isPending) return <Loading />;
  if (post.isError) {
    const missing = post.error instanceof ApiError && [400, 404].includes(post.error.status);
    return (
      <Page title={missing ? 'Yazı bulunamadı' : 'Yazı okunamadı'}>
        <FormError message={messageOf(post.error)} />
      </Page>
    );
  }
  return <BlogEditor key={post.data.id} post={post.data} />;
}
