import type { AdminTag } from '@vitrin/shared/api/admin/tags';
import { useState } from 'react';
import { TAGS_KEY, TAGS_PATH, useItems, useRemoveItem } from '../categories/structure-api.ts';
import { messageOf } from '../lib/api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { TagDialog } from './tag-dialog.tsx';

/** The product tags: listed with their product counts, added, renamed, deleted (catalog.write; others read). */
export function TagsPage() {
  const canWrite = has(useStaff(), 'catalog.write');
  const list = useItems<AdminTag>(TAGS_KEY, TAGS_PATH);
  const remove = useRemoveItem(TAGS_KEY, TAGS_PATH);
  const [editing, setEditing] = useState<AdminTag | 'new'>();
  return (
    <Page
      title="Etiketler"
      actions={canWrite && <Button onClick={() => setEditing('new')}>Etiket ekle</Button>}
    >
      {list.isPending && <Loading />}
      {list.isError && <FormError message={messageOf(list.error)} />}
      {remove.error && <FormError message={messageOf(remove.error)} />}
      {list.data?.length === 0 && <p className="text-stone-700">Henüz etiket yok.</p>}
      <ul aria-label="Etiketler" className="flex flex-col gap-2">
        {list.data?.map((tag) => (
          <li
            key={tag.id}
            className="flex flex-col gap-2 rounded-md border border-stone-300 bg-white p-3 sm:flex-row sm:items-center"
          >
            <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">{tag.name}</span>
              <span className="text-sm text-stone-600">/tag/{tag.slug}</span>
              <Badge>{tag.productCount} ürün</Badge>
            </div>
            {canWrite && (
              <div className="flex flex-wrap gap-2">
                <Button look="secondary" onClick={() => setEditing(tag)}>
                  Yeniden adlandır<span className="sr-only"> ({tag.name})</span>
                </Button>
                <Button
                  look="secondary"
                  disabled={remove.isPending}
                  onClick={() => {
                    const products = tag.productCount ? ` ${tag.productCount} üründen kaldırılır.` : '';
                    if (window.confirm(`${tag.name} etiketi silinsin mi?${products}`)) remove.mutate(tag.id);
                  }}
                >
                  Sil<span className="sr-only"> ({tag.name})</span>
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing && (
        <TagDialog {...(editing === 'new' ? {} : { tag: editing })} onClose={() => setEditing(undefined)} />
      )}
    </Page>
  );
}
