import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminProduct,
  STOCK_ADJUST_REASONS,
  STOCK_REASON_LABELS,
  type StockAdjustRequest,
  type StockMovement,
  stockAdjustRequest,
} from '@vitrin/shared/api/admin/products';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import { formatDateTime } from '@vitrin/shared/dates';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Pager } from '../audit/pager.tsx';
import { messageOf } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { useAdjustStock, useStockHistory } from './product-editor-api.ts';

type Values = { variantId: string; change: string; reason: string; note: string };

/** The request from the form's text (the schema reads the numbers); no variant chosen stays absent. */
const requestOf = (v: Values) =>
  ({
    ...(v.variantId ? { variantId: v.variantId } : {}),
    change: v.change,
    reason: v.reason,
    note: v.note,
  }) as StockAdjustRequest;

/** A counted stock changed by hand (±), with a reason; a variant product names its variant. */
function AdjustDialog({
  product,
  onClose,
  onAdjusted,
}: {
  product: AdminProduct;
  onClose: () => void;
  onAdjusted: (movement: StockMovement) => void;
}) {
  const form = useForm<Values>({
    resolver: (async (values, context, options) => {
      // The request made of the form's text is checked; the field names (read only for field arrays, which
      // this form has none of) are the form's, not the request's.
      const checked = await zodResolver(stockAdjustRequest)(requestOf(values), context, {
        ...options,
        names: undefined,
      });
      return Object.keys(checked.errors).length
        ? { values: {}, errors: checked.errors }
        : { values, errors: {} };
    }) as Resolver<Values>,
    defaultValues: {
      variantId: product.variants.length === 1 ? String(product.variants[0]?.id) : '',
      change: '',
      reason: 'sayım',
      note: '',
    },
  });
  const adjust = useAdjustStock(product.id);
  const { errors } = form.formState;
  return (
    <Dialog title="Stok düzelt" open onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) =>
          adjust.mutate(requestOf(values), {
            onSuccess: (movement) => {
              onAdjusted(movement);
              onClose();
            },
            onError: (error) =>
              showApiError(error, form.setError, ['variantId', 'change', 'reason', 'note'] as const),
          }),
        )}
      >
        <FormError message={errors.root?.server?.message} />
        {product.stockType === STOCK_TYPE.Variant && (
          <FormSelect form={form} name="variantId" label="Varyant">
            <option value="">Varyant seçin</option>
            {product.variants.map((v) => (
              <option key={v.id} value={String(v.id)}>
                {Object.values(v.options).join(' / ')} · {v.sku} (stok {v.stock})
              </option>
            ))}
          </FormSelect>
        )}
        <FormInput
          form={form}
          name="change"
          label="Değişim (adet)"
          inputMode="numeric"
          autoComplete="off"
          hint="Eklemek için 5, düşmek için -2 gibi."
        />
        <FormSelect form={form} name="reason" label="Neden">
          {STOCK_ADJUST_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {STOCK_REASON_LABELS[reason]}
            </option>
          ))}
        </FormSelect>
        <FormInput form={form} name="note" label="Not" autoComplete="off" />
        <div className="flex justify-end gap-2">
          <Button look="secondary" onClick={onClose}>
            Vazgeç
          </Button>
          <Button type="submit" disabled={adjust.isPending}>
            Stoğu değiştir
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The stock history of a stored product (who changed its stock, when, why) and the adjustment dialog. */
export function StockAdjust({
  product,
  canWrite,
  onAdjusted,
}: {
  product: AdminProduct;
  canWrite: boolean;
  onAdjusted: (movement: StockMovement) => void;
}) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const history = useStockHistory(product.id, page);
  const items = history.data?.items ?? [];
  const unlimited = product.stockType === STOCK_TYPE.Virtual && product.stock === null;
  return (
    <div className="flex flex-col gap-3">
      {canWrite && !unlimited && (
        <div>
          <Button look="secondary" onClick={() => setOpen(true)}>
            Stok düzelt
          </Button>
        </div>
      )}
      {history.isError && <FormError message={`Stok hareketleri okunamadı: ${messageOf(history.error)}`} />}
      {history.isSuccess && items.length === 0 && (
        <p className="text-sm text-stone-700">Henüz stok hareketi yok.</p>
      )}
      {items.length > 0 && (
        <ul className="flex flex-col gap-2 sm:hidden">
          {items.map((m) => (
            <li key={m.id} className="rounded-md border border-stone-300 p-3 text-sm">
              <div className="flex justify-between gap-2 font-medium">
                <span>
                  {signed(m.change)} · {m.stockBefore} → {m.stockAfter}
                </span>
                <span>{STOCK_REASON_LABELS[m.reason] ?? m.reason}</span>
              </div>
              {m.variantSku && <div className="break-all">{m.variantSku}</div>}
              {m.note && <div>{m.note}</div>}
              <div className="text-stone-700">
                {formatDateTime(m.at)} · {m.staff?.name ?? '—'}
              </div>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <div className="hidden overflow-x-auto sm:block">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Stok hareketleri</caption>
            <thead className="border-b border-stone-300 text-stone-700">
              <tr>
                <th className="py-2 pr-3 font-medium">Tarih</th>
                {product.stockType === STOCK_TYPE.Variant && (
                  <th className="py-2 pr-3 font-medium">Varyant</th>
                )}
                <th className="py-2 pr-3 font-medium">Değişim</th>
                <th className="py-2 pr-3 font-medium">Stok</th>
                <th className="py-2 pr-3 font-medium">Neden</th>
                <th className="py-2 pr-3 font-medium">Kim</th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id} className="border-b border-stone-200 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(m.at)}</td>
                  {product.stockType === STOCK_TYPE.Variant && (
                    <td className="py-2 pr-3">{m.variantSku ?? '—'}</td>
                  )}
                  <td className="py-2 pr-3 font-medium">{signed(m.change)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {m.stockBefore} → {m.stockAfter}
                  </td>
                  <td className="py-2 pr-3">
                    {STOCK_REASON_LABELS[m.reason] ?? m.reason}
                    {m.note && <span className="block text-stone-700">{m.note}</span>}
                  </td>
                  <td className="py-2 pr-3">{m.staff?.name ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.data && <Pager page={page} pageCount={history.data.pageCount} onPage={setPage} />}
      {open && <AdjustDialog product={product} onClose={() => setOpen(false)} onAdjusted={onAdjusted} />}
    </div>
  );
}
