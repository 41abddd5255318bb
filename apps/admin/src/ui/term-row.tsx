import type { ReactNode } from 'react';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';

/**
 * One named row of a structure list (a product tag, a blog category or tag): its name, its storefront
 * address and how many records use it; with `actions`, its own buttons (`before`, e.g. moving it) and
 * Yeniden adlandır and Sil kept together, Sil after the browser's confirm with `confirmRemove`.
 */
export function TermRow({
  name,
  address,
  count,
  actions,
}: {
  name: string;
  address: string;
  count: string;
  actions?: {
    before?: ReactNode;
    onRename: () => void;
    confirmRemove: string;
    onRemove: () => void;
    removing: boolean;
  };
}) {
  return (
    <li className="flex flex-col gap-2 rounded-md border border-stone-300 bg-white p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">{name}</span>
        <span className="text-sm text-stone-600">{address}</span>
        <Badge>{count}</Badge>
      </div>
      {actions && (
        <div className="flex flex-wrap gap-2">
          {actions.before}
          <div className="flex gap-2">
            <Button look="secondary" onClick={actions.onRename}>
              Yeniden adlandır<span className="sr-only"> ({name})</span>
            </Button>
            <Button
              look="secondary"
              disabled={actions.removing}
              onClick={() => {
                if (window.confirm(actions.confirmRemove)) actions.onRemove();
              }}
            >
              Sil<span className="sr-only"> ({name})</span>
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
