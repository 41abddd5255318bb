import type { AuditPage as AuditAnswer, AuditItem } from '@vitrin/shared/api/admin/audit';
import { formatDateTime } from '@vitrin/shared/dates';
import { messageOf } from '../lib/api.ts';
import { useAddressList } from '../ui/address-list.ts';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { AuditChanges } from './audit-changes.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { actionLabel, entityLabel } from './labels.ts';
import { Pager } from './pager.tsx';

const FILTERS = ['staffId', 'entity', 'from', 'to'] as const;

const actorText = (actor: AuditItem['actor']) =>
  actor.kind === 'cli' ? 'Komut satırı' : (actor.email ?? `Personel #${actor.staffId}`);

/** The audit log: filters and page live in the address, so a filtered page can be shared and gone back to. */
export function AuditPage() {
  const {
    filters,
    list: log,
    go,
    badFilters,
  } = useAddressList<(typeof FILTERS)[number], AuditAnswer>('audit', FILTERS);

  return (
    <Page title="Denetim kaydı">
      <AuditFilters values={filters} error={badFilters} onApply={(values) => go(values)} />
      {log.isPending && <Loading />}
      {log.isError && !badFilters && <FormError message={messageOf(log.error)} />}
      {log.data && (
        <>
          <p className="text-sm text-stone-700" role="status">
            {log.data.total === 0 ? 'Bu süzgece uyan kayıt yok.' : `${log.data.total} kayıt`}
          </p>
          {log.data.items.length > 0 && (
            <ol className="flex flex-col gap-3">
              {log.data.items.map((item) => (
                <li key={item.id} className="rounded-lg border border-stone-300 bg-white p-4">
                  <div className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <time dateTime={item.at} className="text-sm text-stone-700">
                      {formatDateTime(item.at)}
                    </time>
                    <span className="font-medium break-all">{actorText(item.actor)}</span>
                    <span className="text-stone-900">{actionLabel(item.action)}</span>
                    <span className="text-sm text-stone-700">
                      {entityLabel(item.entity)}
                      {item.entityId ? ` #${item.entityId}` : ''}
                    </span>
                  </div>
                  <AuditChanges before={item.before} after={item.after} />
                </li>
              ))}
            </ol>
          )}
          <Pager page={log.data.page} pageCount={log.data.pageCount} onPage={(to) => go(filters, to)} />
        </>
      )}
    </Page>
  );
}
