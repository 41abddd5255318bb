import type { AdminCategory } from '@vitrin/shared/api/admin/categories';
import { useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { CategoryDialog } from './category-dialog.tsx';
import { CATEGORIES_KEY, CATEGORIES_PATH, useItems, useMoveItem, useRemoveItem } from './structure-api.ts';
import { TreeEditor } from './tree-editor.tsx';

/** The category tree: dragged or moved by the buttons, added, edited, deleted (catalog.write; others read). */
export function CategoriesPage() {
  const canWrite = has(useStaff(), 'catalog.write');
  const list = useItems<AdminCategory>(CATEGORIES_KEY, CATEGORIES_PATH);
  const move = useMoveItem(CATEGORIES_KEY, CATEGORIES_PATH);
  const remove = useRemoveItem(CATEGORIES_KEY, CATEGORIES_PATH);
  const [editing, setEditing] = useState<AdminCategory | 'new'>();
  const items = list.data ?? [];
  const failure = move.error ?? remove.error;
  return (
    <Page
      title="Kategoriler"
      actions={canWrite && <Button onClick={() => setEditing('new')}>Kategori ekle</Button>}
    >
      <p className="text-stone-700">
        {canWrite
          ? 'Sırayı ve üst kategoriyi satırı tutamacından sürükleyerek ya da oklarla değiştirin: bir satırın ortasına bırakılan kategori onun altına girer. Değişiklik mağazada hemen görünür.'
          : 'Kategori ağacı mağazadaki sırasıyla.'}
      </p>
      {list.isPending && <Loading />}
      {list.isError && <FormError message={messageOf(list.error)} />}
      {failure && <FormError message={messageOf(failure)} />}
      {list.data?.length === 0 && <p className="text-stone-700">Henüz kategori yok.</p>}
      <TreeEditor
        label="Kategori ağacı"
        items={items}
        editable={canWrite}
        busy={move.isPending || remove.isPending}
        nameOf={(c) => c.name}
        onMove={(id, place) => move.mutate({ id, place })}
        render={(c) => (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium">{c.name}</span>
            <span className="text-sm text-stone-600">/{c.slug}</span>
            {!c.ownActive && <Badge tone="warn">Gizli</Badge>}
            {c.ownActive && !c.isActive && <Badge tone="warn">Üstü gizli</Badge>}
            {c.isFeatured && <Badge tone="info">Öne çıkan</Badge>}
            <Badge>{c.productCount} ürün</Badge>
          </div>
        )}
        {...(canWrite && {
          actions: (c: AdminCategory) => (
            <>
              <Button look="secondary" onClick={() => setEditing(c)}>
                Düzenle<span className="sr-only"> ({c.name})</span>
              </Button>
              <Button
                look="secondary"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`${c.name} kategorisi silinsin mi?`)) remove.mutate(c.id);
                }}
              >
                Sil<span className="sr-only"> ({c.name})</span>
              </Button>
            </>
          ),
        })}
      />
      {editing && (
        <CategoryDialog
          {...(editing === 'new' ? {} : { category: editing })}
          all={items}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Page>
  );
}
