import {
  type AdminSocialAccount,
  SOCIAL_ACCOUNTS_MAX,
  SOCIAL_PLATFORM_LABELS,
  type SocialPlatform,
} from '@vitrin/shared/api/admin/social-accounts';
import { useId, useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading } from '../ui/page.tsx';
import { SocialAccountDialog } from './social-account-dialog.tsx';
import {
  useRemoveSocialAccount,
  useReorderSocialAccounts,
  useSocialAccounts,
} from './social-accounts-api.ts';

const platformName = (p: string) => SOCIAL_PLATFORM_LABELS[p as SocialPlatform] ?? p;

/** The ids with the one at `from` moved one place up (-1) or down (+1). */
const moved = (items: AdminSocialAccount[], from: number, by: -1 | 1) => {
  const ids = items.map((a) => a.id);
  const to = from + by;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
};

/** The storefront footer's social media accounts: listed in their order, added, edited, moved, removed. */
export function SocialAccounts() {
  const headingId = useId();
  const list = useSocialAccounts();
  const remove = useRemoveSocialAccount();
  const reorder = useReorderSocialAccounts();
  const [editing, setEditing] = useState<AdminSocialAccount | 'new'>();
  const items = list.data ?? [];
  const busy = remove.isPending || reorder.isPending;
  const failure = remove.error ?? reorder.error;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-300 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="mb-1 text-lg font-semibold">
        Sosyal medya hesapları
      </h2>
      <p className="mb-4 text-sm text-stone-700">Sitenin altında bu sırayla gösterilir.</p>
      {list.isPending && <Loading />}
      {list.isError && <FormError message={messageOf(list.error)} />}
      {failure && <FormError message={messageOf(failure)} />}
      {list.data?.length === 0 && <p className="mb-4 text-stone-700">Henüz sosyal medya hesabı yok.</p>}
      <ol className="mb-4 flex flex-col gap-3">
        {items.map((account, i) => (
          <li
            key={account.id}
            className="flex flex-col gap-3 rounded-md border border-stone-200 p-3 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <div className="font-medium">
                {account.label}
                {platformName(account.platform).toLocaleLowerCase('tr-TR') !==
                  account.label.toLocaleLowerCase('tr-TR') && (
                  <span className="font-normal text-stone-700"> · {platformName(account.platform)}</span>
                )}
              </div>
              <a
                href={account.url}
                target="_blank"
                rel="noreferrer"
                className="block truncate text-sm text-amber-900 underline"
              >
                {account.url}
              </a>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                look="secondary"
                className="px-3"
                title="Yukarı taşı"
                disabled={busy || i === 0}
                onClick={() => reorder.mutate(moved(items, i, -1))}
              >
                <span aria-hidden="true">↑</span>
                <span className="sr-only">Yukarı ({account.label})</span>
              </Button>
              <Button
                look="secondary"
                className="px-3"
                title="Aşağı taşı"
                disabled={busy || i === items.length - 1}
                onClick={() => reorder.mutate(moved(items, i, 1))}
              >
                <span aria-hidden="true">↓</span>
                <span className="sr-only">Aşağı ({account.label})</span>
              </Button>
              <Button look="secondary" onClick={() => setEditing(account)}>
                Düzenle<span className="sr-only"> ({account.label})</span>
              </Button>
              <Button
                look="secondary"
                disabled={busy}
                onClick={() => {
                  if (window.confirm(`${account.label} hesabı kaldırılsın mı?`)) remove.mutate(account.id);
                }}
              >
                Kaldır<span className="sr-only"> ({account.label})</span>
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button disabled={items.length >= SOCIAL_ACCOUNTS_MAX} onClick={() => setEditing('new')}>
        Sosyal medya hesabı ekle
      </Button>
      {editing && (
        <SocialAccountDialog
          {...(editing === 'new' ? {} : { account: editing })}
          onClose={() => setEditing(undefined)}
        />
      )}
    </section>
  );
}
