import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { withParam } from '../lib/listing-query.ts';
import { AppLink } from './app-link.tsx';

/**
 * Numbered pages of the current URL (`?page=`, other parameters kept): first, last and two either side
 * of the current one. Nothing when there is one page. The catalogue and the blog differ only in spacing
 * and in whether the links sit on white.
 */
export function Pagination({
  page,
  pageCount,
  className = 'mt-8',
  linkClassName = '',
}: {
  page: number;
  pageCount: number;
  /** Spacing of the nav. */
  className?: string;
  /** Extra classes of the page links. */
  linkClassName?: string;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pageCount || Math.abs(p - page) <= 2,
  );
  const link = (p: number) => withParam(search, 'page', p === 1 ? null : String(p)) || '?';
  const cls = `rounded border border-sand-300 ${linkClassName ? `${linkClassName} ` : ''}px-3 py-1.5 hover:bg-sand-100`;
  return (
    <nav aria-label={t('catalog.pagination')} className={`${className} flex justify-center`}>
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {page > 1 && (
          <li>
            <AppLink to={link(page - 1)} className={cls} rel="prev">
              {t('catalog.previous')}
            </AppLink>
          </li>
        )}
        {pages.map((p, i) => (
          <li key={p} className="flex items-center gap-1">
            {i > 0 && pages[i - 1]! < p - 1 && <span aria-hidden="true">…</span>}
            {p === page ? (
              <span aria-current="page" className="rounded bg-ink-900 px-3 py-1.5 text-white">
                {p}
              </span>
            ) : (
              <AppLink to={link(p)} className={cls} aria-label={t('catalog.page', { page: p })}>
                {p}
              </AppLink>
            )}
          </li>
        ))}
        {page < pageCount && (
          <li>
            <AppLink to={link(page + 1)} className={cls} rel="next">
              {t('catalog.next')}
            </AppLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
