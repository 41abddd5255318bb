import { Button } from '../ui/button.tsx';

/** Previous / next with where the reader is; nothing when there is one page. */
export function Pager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Sayfalar" className="flex items-center justify-between gap-3">
      <Button look="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Önceki
      </Button>
      <span className="text-sm text-stone-700">
        Sayfa {page} / {pageCount}
      </span>
      <Button look="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Sonraki
      </Button>
    </nav>
  );
}
