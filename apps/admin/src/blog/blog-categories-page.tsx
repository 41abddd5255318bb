import type { BlogTerm } from '@vitrin/shared/api/admin/blog';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import {
  type BlogTermKind,
  moveBlogCategory,
  removeBlogTerm,
  useBlogTermChange,
  useBlogTerms,
} from './blog-api.ts';
import { BlogTermDialog } from './blog-categories-dialog.tsx';

const WORDS: Record<BlogTermKind, { title: string; one: string; add: string; none: string; url: string }> = {
  categories: {
    title: 'Blog kategorileri',
    one: 'kategorisi',
    add: 'Kategori ekle',
    none: 'Henüz blog kategorisi yok.',
    url: '/blog?kategori=',
  },
  tags: {
    title: 'Blog etiketleri',
    one: 'etiketi',
    add: 'Etiket ekle',
    none: 'Henüz blog etiketi yok.',
    url: '/blog?etiket=',
  },
};

/** What a delete asks: a category's posts keep no category, a tag leaves its posts. */
const confirmation = (kind: BlogTermKind, term: BlogTerm) =>
  `${term.name} ${WORDS[kind].one} silinsin mi?${
    term.postCount === 0
      ? ''
      : kind === 'categories'
        ? ` ${term.postCount} yazı kategorisiz kalır.`
        : ` ${term.postCount} yazıdan kaldırılır.`
  }`;

/** The blog's categories (reordered with the buttons) or tags: listed with their post counts, added, renamed, deleted. */
export function BlogTermsPage({ kind }: { kind: BlogTermKind }) {
  const words = WORDS[kind];
  const list = useBlogTerms(kind);
  const remove = useBlogTermChange(kind, (id: number) => removeBlogTerm(kind, id));
  const move = useBlogTermChange(kind, moveBlogCategory);
  const [editing, setEditing] = useState<BlogTerm | 'new'>();
  const items = list.data ?? [];
  return (
    <Page title={words.title} actions={<Button onClick={() => setEditing('new')}>{words.add}</Button>}>
      <BlogTabs />
      {list.isPending && <Loading />}
      {list.isError && <FormError message={messageOf(list.error)} />}
      {(remove.error ?? move.error) && <FormError message={messageOf(remove.error ?? move.error)} />}
      {list.data?.length === 0 && <p className="text-stone-700">{words.none}</p>}
      <ul aria-label={words.title} className="flex flex-col gap-2">
        {items.map((term, index) => (
          <li
            key={term.id}
            className="flex flex-col gap-2 rounded-md border border-stone-300 bg-white p-3 sm:flex-row sm:items-center"
          >
            <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">{term.name}</span>
              <span className="text-sm text-stone-600">
                {words.url}
                {term.slug}
              </span>
              <Badge>{term.postCount} yazı</Badge>
            </div>
            <div className="flex flex-wrap gap-2">
              {kind === 'categories' && (
                <div className="flex gap-2">
                  <Button
                    look="secondary"
                    disabled={index === 0 || move.isPending}
                    onClick={() => move.mutate({ id: term.id, index: index - 1 })}
                  >
                    Yukarı<span className="sr-only"> ({term.name})</span>
                  </Button>
                  <Button
                    look="secondary"
                    disabled={index === items.length - 1 || move.isPending}
                    onClick={() => move.mutate({ id: term.id, index: index + 1 })}
                  >
                    Aşağı<span className="sr-only"> ({term.name})</span>
                  </Button>
                </div>
              )}
              <div className="flex gap-2">
                <Button look="secondary" onClick={() => setEditing(term)}>
                  Yeniden adlandır<span className="sr-only"> ({term.name})</span>
                </Button>
                <Button
                  look="secondary"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(confirmation(kind, term))) remove.mutate(term.id);
                  }}
                >
                  Sil<span className="sr-only"> ({term.name})</span>
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <BlogTermDialog
          kind={kind}
          {...(editing === 'new' ? {} : { term: editing })}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Page>
  );
}

/** The Blog screens' links: posts, categories, tags. */
export function BlogTabs() {
  const link = 'font-medium text-amber-900 underline';
  return (
    <nav aria-label="Blog" className="flex flex-wrap gap-4">
      <Link to={paths.blogPosts} className={link}>
        Yazılar
      </Link>
      <Link to={paths.blogCategories} className={link}>
        Kategoriler
      </Link>
      <Link to={paths.blogTags} className={link}>
        Etiketler
      </Link>
    </nav>
  );
}

export const BlogCategoriesPage = () => <BlogTermsPage kind="categories" />;
