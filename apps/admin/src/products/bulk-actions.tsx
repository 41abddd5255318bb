import { BULK_ACTIONS, type ProductBulkRequest, productBulkRequest } from '@vitrin/shared/api/admin/products';
import { fieldMessages } from '@vitrin/shared/zod';
import { useState } from 'react';
import { useCategoryOptions } from '../coupons/coupons-api.ts';
import { messageOf } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field, FormError, Input, Select } from '../ui/field.tsx';
import { categoryLabel } from './product-filters.tsx';
import { useBulkAction } from './products-api.ts';

type Action = (typeof BULK_ACTIONS)[number];

const ACTION_LABELS: Record<Action, string> = {
  activate: 'Satışa aç',
  deactivate: 'Satıştan kaldır',
  'move-category': 'Kategoriye taşı',
  'change-price-percent': 'Fiyatları yüzdeyle değiştir',
};

/** The question of the confirmation, with how many products it touches. */
function question(request: ProductBulkRequest, categoryName: string | undefined) {
  const count = `${request.ids.length} ürün`;
  switch (request.action) {
    case 'activate':
      return `${count} satışa açılsın mı?`;
    case 'deactivate':
      return `${count} satıştan kaldırılsın mı? Mağazada artık görünmezler.`;
    case 'move-category':
      return `${count} "${categoryName ?? ''}" kategorisine taşınsın mı?`;
    default: {
      const percent = Number(String(request.percent).replace(',', '.'));
      return `${request.ids.length} ürünün satış, piyasa, taksitli ve toptan fiyatları %${Math.abs(percent).toLocaleString('tr-TR')} ${percent > 0 ? 'artırılsın mı' : 'indirilsin mi'}? Alış fiyatı değişmez.`;
    }
  }
}

/**
 * One action on the ticked products: on or off sale, to a category, prices by a percentage. Checked with the
 * server's schema first (a bad percent is told on its field), confirmed with the count, all or nothing.
 */
export function BulkActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const categories = useCategoryOptions();
  const bulk = useBulkAction();
  const [action, setAction] = useState<Action | ''>('');
  const [categoryId, setCategoryId] = useState('');
  const [percent, setPercent] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<ProductBulkRequest>();

  const ask = () => {
    if (!action) return;
    const request: ProductBulkRequest = {
      ids,
      action,
      ...(action === 'move-category' && categoryId ? { categoryId: Number(categoryId) } : {}),
      ...(action === 'change-price-percent' ? { percent } : {}),
    };
    const checked = productBulkRequest.safeParse(request);
    if (!checked.success) {
      setErrors(fieldMessages(checked.error));
      return;
    }
    setErrors({});
    bulk.reset();
    setConfirming(request);
  };
  const run = (request: ProductBulkRequest) =>
    bulk.mutate(request, {
      onSuccess: () => {
        setConfirming(undefined);
        onDone();
      },
    });
  const categoryName = categories.data?.find((c) => String(c.id) === categoryId)?.name;

  return (
    <section
      aria-label="Toplu işlemler"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
    >
      {/* Level with the controls, below their labels, whatever hint or error a field shows under it. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        <p className="text-sm font-medium sm:mt-8">
          {ids.length} ürün seçildi
          {ids.length === 0 && (
            <span className="font-normal text-stone-700 md:hidden">
              : bir işlem için ürünleri işaretleyin
            </span>
          )}
        </p>
        {/* A phone shows the action's fields once a product is ticked: the list starts higher. */}
        <div className={ids.length === 0 ? 'hidden md:contents' : 'contents'}>
          <Field label="İşlem">
            {(control) => (
              <Select
                {...control}
                value={action}
                onChange={(e) => {
                  setAction(e.target.value as Action | '');
                  setErrors({});
                }}
              >
                <option value="">Seçin</option>
                {BULK_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {ACTION_LABELS[a]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {action === 'move-category' && (
            <Field label="Yeni kategori" error={errors.categoryId}>
              {(control) => (
                <Select {...control} value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
                  <option value="">Seçin</option>
                  {categories.data?.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {categoryLabel(c.name, c.depth, c.isActive)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {action === 'change-price-percent' && (
            <Field label="Yüzde" error={errors.percent} hint="Artış için 10, indirim için -15">
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  className="sm:w-40"
                  value={percent}
                  onChange={(e) => setPercent(e.target.value)}
                />
              )}
            </Field>
          )}
          <Button className="sm:mt-6" disabled={!action || ids.length === 0} onClick={ask}>
            Seçilenlere uygula
          </Button>
        </div>
      </div>
      {errors.ids && <FormError message={errors.ids} />}
      {bulk.data && !confirming && (
        <p role="status" className="text-sm">
          {bulk.data.changed === 0 ? 'Hiçbir ürün değişmedi.' : `${bulk.data.changed} ürün değişti.`}
        </p>
      )}
      {confirming && (
        <Dialog title="Toplu işlemi onaylayın" open onClose={() => setConfirming(undefined)}>
          <p>{question(confirming, categoryName)}</p>
          {bulk.isError && <FormError message={messageOf(bulk.error)} />}
          <div className="flex flex-wrap justify-end gap-2">
            <Button look="secondary" onClick={() => setConfirming(undefined)}>
              Vazgeç
            </Button>
            <Button disabled={bulk.isPending} onClick={() => run(confirming)}>
              {ACTION_LABELS[confirming.action]}
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
