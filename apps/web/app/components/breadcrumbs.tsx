import type { Crumb } from '@vitrin/shared/api/catalog';
import { useTranslation } from '../i18n/index.ts';
import { AppLink } from './app-link.tsx';

/** Home → … → the current page (last crumb not linked). */
export function Breadcrumbs({ crumbs, current }: { crumbs: Crumb[]; current?: string }) {
  const { t } = useTranslation();
  const all = [{ name: t('header.home'), url: '/' }, ...crumbs];
  return (
    <nav aria-label={t('catalog.breadcrumb')} className="text-sm text-ink-600">
      <ol className="flex flex-wrap gap-x-2 gap-y-1">
        {all.map((c, i) => {
          const last = i === all.length - 1 && !current;
          return (
            <li key={c.url} className="flex gap-2">
              {i > 0 && <span aria-hidden="true">/</span>}
              {last ? (
                <span aria-current="page">{c.name}</span>
              ) : (
                <AppLink to={c.url} className="hover:underline">
                  {c.name}
                </AppLink>
              )}
            </li>
          );
        })}
        {current && (
          <li className="flex gap-2">
            <span aria-hidden="true">/</span>
            <span aria-current="page">{current}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}

/** JSON-LD BreadcrumbList for search engines. */
export function breadcrumbJsonLd(origin: string, crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: origin + c.url,
    })),
  };
}
