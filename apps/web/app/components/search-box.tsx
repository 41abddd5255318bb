import type { SearchSuggestion } from '@vitrin/shared/api/catalog';
import { MAX_QUERY_LENGTH } from '@vitrin/shared/api/catalog';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { useApi } from '../lib/api-context.tsx';

const DEBOUNCE_MS = 200;

interface Option {
  id: string;
  label: string;
  kind: 'product' | 'category';
  to: string;
}

/**
 * The header search: a plain GET form to /search (works without JavaScript), enhanced into an accessible
 * combobox with debounced suggestions that arrow keys, Enter and Escape drive.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const listId = useId();
  const [q, setQ] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the list.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) {
      setOptions([]);
      return;
    }
    const id = ++request.current;
    const timer = window.setTimeout(async () => {
      try {
        const s = await api<SearchSuggestion>(`/api/front/search/suggest?q=${encodeURIComponent(text)}`, {
          quiet: true,
        });
        if (id !== request.current) return;
        setOptions([
          ...s.categories.map((c) => ({
            id: `${listId}-c-${c.slug}`,
            label: c.name,
            kind: 'category' as const,
            to: `/shop/${c.slug}`,
          })),
          ...s.products.map((p) => ({
            id: `${listId}-p-${p.slug}`,
            label: p.name,
            kind: 'product' as const,
            to: `/product/${p.slug}`,
          })),
        ]);
        setActive(-1);
        setOpen(true);
      } catch {
        // Suggestions are a convenience: the form still searches.
      }
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [q, api, listId]);

  const expanded = open && options.length > 0;
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      navigate(options[active]!.to);
    }
  };

  return (
    <form action="/search" method="get" className="relative flex w-full gap-2">
      <label htmlFor="site-search" className="sr-only">
        {t('header.searchLabel')}
      </label>
      <input
        id="site-search"
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? options[active]!.id : undefined}
        maxLength={MAX_QUERY_LENGTH}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onFocus={() => options.length && setOpen(true)}
        placeholder={t('header.searchPlaceholder')}
        className="w-full rounded-lg border border-sand-300 px-3 py-2 focus:border-clay-600 focus:outline-2 focus:outline-clay-600"
      />
      <button
        type="submit"
        className="rounded-lg bg-clay-700 px-4 py-2 font-medium text-white hover:bg-clay-800"
      >
        {t('header.searchButton')}
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        hidden={!expanded}
        className="absolute top-full left-0 z-30 mt-1 max-h-96 w-full overflow-y-auto rounded-lg border border-sand-200 bg-white p-1 shadow-lg"
      >
        {options.map((option, i) => (
          <div
            key={option.id}
            id={option.id}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            onMouseDown={(e) => {
              e.preventDefault();
              navigate(option.to);
            }}
            className={`flex cursor-pointer justify-between gap-3 rounded px-3 py-2 text-sm ${i === active ? 'bg-sand-100 text-clay-800' : ''}`}
          >
            <span>{option.label}</span>
            <span className="text-xs text-ink-600">
              {option.kind === 'category' ? t('search.categories') : t('search.products')}
            </span>
          </div>
        ))}
      </div>
    </form>
  );
}
