import type { AdminTag } from '@vitrin/shared/api/admin/tags';
import { useState } from 'react';
import { TAGS_KEY, TAGS_PATH, useItems, useRemoveItem } from '../categories/structure-api.ts';
import { messageOf } from '../lib/api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { TermRow } from '../ui/term-row.tsx';
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
          <TermRow
            key={tag.id}
            name={tag.name}
            address={`/tag/${tag.slug}`}
            count={`${tag.productCount} ürün`}
            {...(canWrite && {
              actions: {
                onRename: () => setEditing(tag),
                confirmRemove: `${tag.name} etiketi silinsin mi?${tag.productCount ? ` ${tag.productCount} üründen kaldırılır.` : ''}`,
                onRemove: () => remove.mutate(tag.id),
                removing: remove.isPending,
              },
            })}
          />
        ))}
      </ul>
      {editing && (
        <TagDialog {...(editing === 'new' ? {} : { tag: editing })} onClose={() => setEditing(undefined)} />
      )}
    </Page>
  );
}
