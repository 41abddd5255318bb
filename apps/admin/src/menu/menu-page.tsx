import type { AdminMenuItem } from '@vitrin/shared/api/admin/menu';
import { useState } from 'react';
import { MENU_KEY, MENU_PATH, useItems, useMoveItem, useRemoveItem } from '../categories/structure-api.ts';
import { TreeEditor } from '../categories/tree-editor.tsx';
import { messageOf } from '../lib/api.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { MenuDialog } from './menu-dialog.tsx';

/** The storefront header's menu: links added, edited, nested and ordered by dragging or the buttons. */
export function MenuPage() {
  const list = useItems<AdminMenuItem>(MENU_KEY, MENU_PATH);
  const move = useMoveItem(MENU_KEY, MENU_PATH);
  const remove = useRemoveItem(MENU_KEY, MENU_PATH);
  const [editing, setEditing] = useState<AdminMenuItem | 'new'>();
  const items = list.data ?? [];
  const failure = move.error ?? remove.error;
  return (
    <Page title="Üst menü" actions={<Button onClick={() => setEditing('new')}>Bağlantı ekle</Button>}>
      <p className="text-stone-700">
        Mağazanın üstündeki menü. Bir bağlantıyı tutamacından sürükleyin ya da oklarla taşıyın: bir satırın
        ortasına bırakılan bağlantı onun alt menüsüne girer.
      </p>
      {list.isPending && <Loading />}
      {list.isError && <FormError message={messageOf(list.error)} />}
      {failure && <FormError message={messageOf(failure)} />}
      {list.data?.length === 0 && <p className="text-stone-700">Menüde henüz bağlantı yok.</p>}
      <TreeEditor
        label="Üst menü"
        items={items}
        editable
        busy={move.isPending || remove.isPending}
        nameOf={(i) => i.title}
        onMove={(id, place) => move.mutate({ id, place })}
        render={(i) => (
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium">{i.title}</span>
            <span className="truncate text-sm text-stone-600">{i.url}</span>
            {!i.isActive && <Badge tone="warn">Gizli</Badge>}
          </div>
        )}
        actions={(i) => (
          <>
            <Button look="secondary" onClick={() => setEditing(i)}>
              Düzenle<span className="sr-only"> ({i.title})</span>
            </Button>
            <Button
              look="secondary"
              disabled={remove.isPending}
              onClick={() => {
                const under = items.some((x) => x.parentId === i.id)
                  ? ' Altındaki bağlantılar da silinir.'
                  : '';
                if (window.confirm(`${i.title} bağlantısı silinsin mi?${under}`)) remove.mutate(i.id);
              }}
            >
              Sil<span className="sr-only"> ({i.title})</span>
            </Button>
          </>
        )}
      />
      {editing && (
        <MenuDialog
          {...(editing === 'new' ? {} : { item: editing })}
          all={items}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Page>
  );
}
