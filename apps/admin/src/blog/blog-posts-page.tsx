import { createColumnHelper } from '@tanstack/react-table';
import {
  type AdminBlogPostSummary,
  BLOG_STATUS_LABELS,
  BLOG_STATUSES,
  type BlogPostStatus,
} from '@vitrin/shared/api/admin/blog';
import { formatDateTime } from '@vitrin/shared/dates';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../audit/pager.tsx';
import { messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { Badge, type Tone } from '../ui/badge.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { Field, FormError, Select } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { useBlogPosts } from './blog-api.ts';
import { BlogTabs } from './blog-categories-page.tsx';

const column = createColumnHelper<AdminBlogPostSummary>();
export const blogPostScreen = (id: number) => paths.blogPost.replace(':id', String(id));
const TONES: Record<BlogPostStatus, Tone> = { draft: 'neutral', scheduled: 'info', published: 'good' };

const columns = [
  column.accessor('title', {
    header: 'Başlık',
    cell: (c) => (
      <Link to={blogPostScreen(c.row.original.id)} className="font-medium text-amber-900 underline">
        {c.getValue()}
      </Link>
    ),
  }),
  column.accessor('status', {
    header: 'Durum',
    cell: (c) => <Badge tone={TONES[c.getValue()]}>{BLOG_STATUS_LABELS[c.getValue()]}</Badge>,
  }),
  column.accessor('publishedAt', {
    header: 'Yayın zamanı',
    cell: (c) => (c.row.original.status === 'draft' ? '—' : formatDateTime(c.getValue())),
  }),
  column.accessor('categoryName', { header: 'Kategori', cell: (c) => c.getValue() ?? '—' }),
  column.accessor('author', { header: 'Yazar' }),
];

/** `/blog`: drafts, scheduled and published posts, newest first, each opening its form. */
export function BlogPostsPage() {
  const [status, setStatus] = useState<BlogPostStatus>();
  const [page, setPage] = useState(1);
  const list = useBlogPosts(status, page);
  return (
    <Page
      title="Blog yazıları"
      actions={
        <Link
          to={paths.blogPostNew}
          className="inline-flex min-h-10 items-center rounded-md bg-amber-800 px-4 py-2 text-sm font-medium text-white hover:bg-amber-900"
        >
          Yeni yazı
        </Link>
      }
    >
      <BlogTabs />
      <div className="max-w-xs">
        <Field label="Durum">
          {(control) => (
            <Select
              {...control}
              value={status ?? ''}
              onChange={(event) => {
                setStatus((event.target.value || undefined) as BlogPostStatus | undefined);
                setPage(1);
              }}
            >
              <option value="">Tümü</option>
              {BLOG_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {BLOG_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={messageOf(list.error)} />
      ) : list.data.total === 0 ? (
        <p>Bu durumda yazı yok.</p>
      ) : (
        <>
          <DataTable
            data={list.data.items}
            columns={columns}
            caption={`Blog yazıları (${list.data.total})`}
          />
          <Pager page={list.data.page} pageCount={list.data.pageCount} onPage={setPage} />
        </>
      )}
    </Page>
  );
}
