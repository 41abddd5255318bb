import { createColumnHelper } from '@tanstack/react-table';
import {
  type AdminBlogPostSummary,
  BLOG_STATUS_LABELS,
  BLOG_STATUSES,
  type BlogPostStatus,
} from '@vitrin/shared/api/admin/blog';
import { formatDateTime } from '@vitrin/shared/dates';
import { useState } from 'react';
import { Pager } from '../audit/pager.tsx';
import { paths } from '../paths.ts';
import { Badge, type Tone } from '../ui/badge.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { Page } from '../ui/page.tsx';
import { ChoiceFilter, ListState, NewRecordLink, titleColumn } from '../ui/record-list.tsx';
import { useBlogPosts } from './blog-api.ts';
import { BlogTabs } from './blog-categories-page.tsx';

const column = createColumnHelper<AdminBlogPostSummary>();
export const blogPostScreen = (id: number) => paths.blogPost.replace(':id', String(id));
const TONES: Record<BlogPostStatus, Tone> = { draft: 'neutral', scheduled: 'info', published: 'good' };

const columns = [
  titleColumn<AdminBlogPostSummary>(blogPostScreen),
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
const STATUS_CHOICES = BLOG_STATUSES.map((s) => [s, BLOG_STATUS_LABELS[s]] as const);

/** `/blog`: drafts, scheduled and published posts, newest first, each opening its form. */
export function BlogPostsPage() {
  const [status, setStatus] = useState<BlogPostStatus>();
  const [page, setPage] = useState(1);
  const list = useBlogPosts(status, page);
  return (
    <Page title="Blog yazıları" actions={<NewRecordLink to={paths.blogPostNew}>Yeni yazı</NewRecordLink>}>
      <BlogTabs />
      <ChoiceFilter
        label="Durum"
        value={status}
        choices={STATUS_CHOICES}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      <ListState query={list} isEmpty={(data) => data.total === 0} empty="Bu durumda yazı yok.">
        {(data) => (
          <>
            <DataTable data={data.items} columns={columns} caption={`Blog yazıları (${data.total})`} />
            <Pager page={data.page} pageCount={data.pageCount} onPage={setPage} />
          </>
        )}
      </ListState>
    </Page>
  );
}
