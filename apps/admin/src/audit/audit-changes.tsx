import type { AuditItem } from '@vitrin/shared/api/admin/audit';

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** The changed fields of one entry, each with its value before and after. */
export function AuditChanges({ before, after }: Pick<AuditItem, 'before' | 'after'>) {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (names.length === 0) return <span className="text-stone-600">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      {names.map((name) => (
        <div key={name} className="contents">
          <dt className="font-mono text-xs text-stone-700">{name}</dt>
          <dd className="text-sm break-all">
            <del className="text-red-800">{show(before?.[name])}</del>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> yerine </span>
            <ins className="text-green-900 no-underline">{show(after?.[name])}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
