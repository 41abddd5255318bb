import type { BlogSidebar as Sidebar } from '@vitrin/shared/api/blog';
import { formatDate } from '@vitrin/shared/dates';
import { useTranslation } from '../../i18n/index.ts';
import { AppLink } from '../app-link.tsx';
import { postPath } from './post-card.tsx';

const chip = 'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm';
const chipIdle = `${chip} border-sand-300 bg-white text-ink-800 hover:border-clay-700`;
const chipActive = `${chip} border-ink-900 bg-ink-900 text-white`;

/**
 * Categories and tags as filter links (plain links: they work without JavaScript and are cacheable URLs),
 * and optionally the newest posts. `basePath` keeps the reader on the listing design they chose.
 */
export function BlogSidebar({
  sidebar,
  basePath = '/blog',
  activeCategory,
  activeTag,
  showRecent = true,
}: {
  sidebar: Sidebar;
  basePath?: string;
  activeCategory?: string | undefined;
  activeTag?: string | undefined;
  showRecent?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <aside aria-label={t('blog.filters')} className="space-y-8">
      <section aria-labelledby="blog-categories-title">
        <h2 id="blog-categories-title" className="mb-3 text-lg font-semibold text-ink-900">
          {t('blog.categories')}
        </h2>
        <ul className="space-y-1">
          <li>
            <AppLink
              to={basePath}
              className="flex justify-between rounded px-2 py-1.5 text-ink-800 hover:bg-sand-100"
              aria-current={!activeCategory && !activeTag ? 'page' : undefined}
            >
              {t('blog.allPosts')}
            </AppLink>
          </li>
          {sidebar.categories.map((c) => (
            <li key={c.slug}>
              <AppLink
                to={`${basePath}?kategori=${c.slug}`}
                className={`flex justify-between rounded px-2 py-1.5 hover:bg-sand-100 ${
                  c.slug === activeCategory ? 'bg-sand-100 font-semibold text-ink-900' : 'text-ink-800'
                }`}
                aria-current={c.slug === activeCategory ? 'page' : undefined}
              >
                <span>{c.name}</span>
                <span className="text-ink-600">
                  {c.count}
                  <span className="sr-only"> yazı</span>
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="blog-tags-title">
        <h2 id="blog-tags-title" className="mb-3 text-lg font-semibold text-ink-900">
          {t('blog.tags')}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {sidebar.tags.map((tag) => (
            <li key={tag.slug}>
              <AppLink
                to={`${basePath}?etiket=${tag.slug}`}
                className={tag.slug === activeTag ? chipActive : chipIdle}
                aria-current={tag.slug === activeTag ? 'page' : undefined}
              >
                #{tag.name}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      {showRecent && sidebar.recent.length > 0 && (
        <section aria-labelledby="blog-recent-title">
          <h2 id="blog-recent-title" className="mb-3 text-lg font-semibold text-ink-900">
            {t('blog.recent')}
          </h2>
          <ul className="space-y-3">
            {sidebar.recent.map((p) => (
              <li key={p.id}>
                <AppLink to={postPath(p)} className="font-medium text-ink-900 hover:underline">
                  {p.title}
                </AppLink>
                <p className="text-sm text-ink-600">
                  <time dateTime={p.publishedAt}>{formatDate(p.publishedAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
