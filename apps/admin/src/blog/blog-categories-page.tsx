import type { BlogTerm } from '@vitrin/shared/api/admin/blog';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { TermRow } from '../ui/term-row.tsx';
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
          <TermRow
            key={term.id}
            name={term.name}
            address={`${words.url}${term.slug}`}
            count={`${term.postCount} yazı`}
            actions={{
              before: kind === 'categories' && (
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
              ),
              onRename: () => setEditing(term),
              confirmRemove: confirmation(kind, term),
              onRemove: () => remove.mutate(term.id),
              removing: remove.isPending,
            }}
          />
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
