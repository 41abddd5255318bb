import type { ContentPage } from '@vitrin/shared/api/content';
import { formatDate } from '@vitrin/shared/dates';
import { useTranslation } from '../i18n/index.ts';
import { AppLink } from './app-link.tsx';

/** A content page: breadcrumbs, title, the sanitized body. */
export function ContentArticle({ page }: { page: ContentPage }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <nav aria-label={t('content.breadcrumb')} className="mb-6 text-sm text-ink-600">
        <ol className="flex gap-2">
          <li>
            <AppLink to="/" className="hover:underline">
              {t('header.home')}
            </AppLink>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{page.title}</li>
        </ol>
      </nav>
      <article>
        <h1 className="text-4xl font-semibold tracking-tight text-ink-900">{page.title}</h1>
        <p className="mt-2 text-sm text-ink-600">
          {t('content.updatedAt', { date: formatDate(page.updatedAt) })}
        </p>
        {/* The body was sanitized on the server (packages/core content/sanitize.ts). */}
        <div className="prose-vitrin mt-6" dangerouslySetInnerHTML={{ __html: page.body }} />
      </article>
    </main>
  );
}

export function contentMeta(page: ContentPage | undefined, brand: string | undefined) {
  if (!page) return [];
  return [
    { title: `${page.title} | ${brand ?? 'Vitrin'}` },
    { name: 'description', content: page.summary },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.summary },
  ];
}

/** Content pages are the same for every visitor: browsers revalidate, shared caches keep them briefly. */
export const contentCacheHeaders = {
  'Cache-Control': 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600',
};
