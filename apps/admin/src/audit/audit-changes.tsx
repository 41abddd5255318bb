import type { AuditItem } from '@vitrin/shared/api/admin/audit';
import { fieldLabel, valueText } from './labels.ts';

/**
 * The changed fields of one entry: before → after for a change, the values alone for a record made
 * (nothing before) or removed (nothing after).
 */
export function AuditChanges({ before, after }: Pick<AuditItem, 'before' | 'after'>) {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (names.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {names.map((name) => (
        <div key={name} className="contents">
          <dt className="text-stone-600">{fieldLabel(name)}</dt>
          <dd className="[overflow-wrap:anywhere]">
            {before && (
              <del className="text-red-800">
                <span className="sr-only">önce: </span>
                {valueText(name, before[name])}
              </del>
            )}
            {before && after && <span aria-hidden="true"> → </span>}
            {after && (
              <ins className="text-green-900 no-underline">
                {before && <span className="sr-only">, sonra: </span>}
                {valueText(name, after[name])}
              </ins>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
