import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminBlogPost, BLOG_STATUS_LABELS, type BlogPostInput } from '@vitrin/shared/api/admin/blog';
import { formatDateTime } from '@vitrin/shared/dates';
import { lineText, z } from '@vitrin/shared/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { RichTextField } from '../content/rich-text-field.tsx';
import { paths } from '../paths.ts';
import { useStaff } from '../session/staff-session.ts';
import { FormDateField, FormTimeField } from '../ui/date-field.tsx';
import { parseClock, parseTurkishDay, turkeyDayAndClock, turkeyInstant } from '../ui/dates.ts';
import { FormInput, FormSelect, SlugInput } from '../ui/form-fields.tsx';
import { RecordEditorFrame, RecordEditorRoute, useRecordEditor } from '../ui/record-editor.tsx';
import { useBlogCategories, useBlogPost, useSaveBlogPost } from './blog-api.ts';
import { blogPostScreen } from './blog-posts-page.tsx';
import { CoverPicker } from './cover-picker.tsx';

/** The form's text; the server's schema checks the request made of it (`toRequest`). */
const formSchema = z
  .object({
    title: z.string(),
    slug: z.string(),
    excerpt: z.string(),
    coverImage: z.string(),
    body: z.string().refine((v) => v.trim() !== '', 'İçeriği yazın'),
    author: lineText().trim().min(2, 'Yazar adı en az 2 karakter olmalı'),
    categoryId: z.string(),
    tags: z.string(),
    isPublished: z.boolean(),
    /** The publish day (gg.aa.yyyy) and time (ss:dd) in Turkey's time; both blank: now. */
    publishDay: z.string(),
    publishTime: z.string(),
  })
  .superRefine((f, ctx) => {
    const day = parseTurkishDay(f.publishDay);
    const clock = parseClock(f.publishTime);
    if (!day.ok) ctx.addIssue({ code: 'custom', path: ['publishDay'], message: day.message });
    else if (!day.iso && f.publishTime.trim())
      ctx.addIssue({ code: 'custom', path: ['publishDay'], message: 'Yayın gününü de yazın' });
    if (!clock.ok) ctx.addIssue({ code: 'custom', path: ['publishTime'], message: clock.message });
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
  ...publishFields(post),
});

/** A post's publish time as its fields show it in Turkey's time (a draft's is blank: "now" when published). */
function publishFields(post?: AdminBlogPost): { publishDay: string; publishTime: string } {
  if (!post || post.status === 'draft') return { publishDay: '', publishTime: '' };
  const { day, clock } = turkeyDayAndClock(post.publishedAt);
  return { publishDay: day, publishTime: clock };
}

/** The fields' day and time (00:00 when only a day is typed) as the instant the API takes; blank: null. */
function publishedAtOf(f: BlogForm): string | null {
  const day = parseTurkishDay(f.publishDay);
  const clock = parseClock(f.publishTime);
  if (!day.ok || !day.iso || !clock.ok) return null;
  return turkeyInstant(day.iso, clock.clock || '00:00');
}

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
  publishedAt: publishedAtOf(f),
});

const LABELS = {
  title: 'Başlık',
  slug: 'Adres (slug)',
  excerpt: 'Özet',
  tags: 'Etiketler',
  coverImage: 'Kapak görseli',
  body: 'İçerik',
};

function BlogEditor({
  post,
  reload,
}: {
  post?: AdminBlogPost;
  reload: () => Promise<AdminBlogPost | undefined>;
}) {
  const categories = useBlogCategories();
  const staff = useStaff();
  // A new post is written by the signed-in member unless another name is typed.
  const form = useForm<BlogForm>({
    resolver,
    defaultValues: post ? formOf(post) : { ...formOf(), author: staff.name },
  });
  const editor = useRecordEditor({
    record: post,
    form,
    formOf,
    toRequest,
    save: useSaveBlogPost(post?.id),
    screenOf: blogPostScreen,
    fields: FIELDS,
    labels: LABELS,
    reload,
  });
  const { saved } = editor;
  const title = post ? post.title : 'Yeni blog yazısı';
  const shown = saved ?? post;
  return (
    <RecordEditorFrame
      title={title}
      back={{ to: paths.blogPosts, label: 'Yazı listesi' }}
      editor={editor}
      savedNote={
        saved && (
          <>
            Yazı kaydedildi: {BLOG_STATUS_LABELS[saved.status]}
            {saved.status === 'scheduled' && ` (${formatDateTime(saved.publishedAt)} tarihinde yayımlanacak)`}
            .
          </>
        )
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormInput form={form} name="title" label="Başlık" />
        <SlugInput form={form} />
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
      </div>
      <CoverPicker
        value={form.watch('coverImage')}
        error={form.formState.errors.coverImage?.message}
        onChange={(path) => form.setValue('coverImage', path, { shouldDirty: true })}
      />
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
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="text-sm font-medium text-stone-800">Yayın zamanı (Türkiye saati)</legend>
          <div className="grid max-w-md grid-cols-[minmax(0,1fr)_7rem] gap-3">
            <FormDateField form={form} name="publishDay" label="Yayın günü" />
            <FormTimeField form={form} name="publishTime" label="Yayın saati" />
          </div>
          <p className="text-sm text-stone-600">
            Boş: hemen. İleri bir zaman yazılırsa yazı o an yayımlanır.
          </p>
        </fieldset>
      </fieldset>
    </RecordEditorFrame>
  );
}

/** `/blog/yeni` adds a post; `/blog/:id` edits the stored one. */
export function BlogEditorPage() {
  const { id } = useParams();
  const postId = id === undefined ? undefined : Number(id);
  return (
    <RecordEditorRoute
      isNew={postId === undefined}
      query={useBlogPost(postId)}
      missing="Yazı bulunamadı"
      unread="Yazı okunamadı"
    >
      {(post, reload) => <BlogEditor key={post?.id} post={post} reload={reload} />}
    </RecordEditorRoute>
  );
}
