import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CardRefundRequest,
  type CardRefunds as CardRefundsView,
  refundAmountOf,
} from '@vitrin/shared/api/admin/refunds';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { useState } from 'react';
import { ApiError, api, messageOf } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { orderKey, orderPath } from './orders-api.ts';

const refundsKey = (orderNo: string) => ['order', orderNo, 'refunds'] as const;

const STATUS_TEXT = { pending: 'sonucu bekleniyor', succeeded: 'iade edildi', failed: 'reddedildi' } as const;
const KIND_TEXT = { lines: 'Satır iadesi', all: 'İptal iadesi' } as const;

/** One confirmation's key: the same refund however often it is sent (a double click, a retry). */
const newKey = () => crypto.randomUUID();

/** The card refunds of an order and, for staff who may, the refund of chosen lines. */
export function CardRefunds({ orderNo, canWrite }: { orderNo: string; canWrite: boolean }) {
  const [open, setOpen] = useState(false);
  const refunds = useQuery({
    queryKey: refundsKey(orderNo),
    queryFn: () => api.get<CardRefundsView>(`${orderPath(orderNo)}/refunds`),
  });
  if (!refunds.data) return null;
  const view = refunds.data;
  const anyLeft = view.lines.some((l) => l.refundedQuantity < l.quantity);
  return (
    <div className="flex flex-col gap-2">
      {view.refunds.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label="Kart iadeleri">
          {view.refunds.map((r) => (
            <li key={r.reference} className="[overflow-wrap:anywhere]">
              {KIND_TEXT[r.kind]} · {formatMoney(r.amountMinor)} · <strong>{STATUS_TEXT[r.status]}</strong> ·{' '}
              {formatDateTime(r.at)}
              {r.providerRef ? ` · referans ${r.providerRef}` : ''}
              {r.status === 'failed' && r.failureReason ? ` (${r.failureReason})` : ''}
            </li>
          ))}
        </ul>
      )}
      {canWrite && view.available && anyLeft && (
        <div>
          <Button look="secondary" onClick={() => setOpen(true)}>
            Satır iade et
          </Button>
        </div>
      )}
      {canWrite && open && <RefundDialog orderNo={orderNo} view={view} onClose={() => setOpen(false)} />}
    </div>
  );
}

/** The owner picks lines and units, sees the amount, and confirms; it goes through the card provider. */
function RefundDialog({
  orderNo,
  view,
  onClose,
}: {
  orderNo: string;
  view: CardRefundsView;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [key, setKey] = useState(newKey);
  const refund = useMutation({
    mutationFn: (body: CardRefundRequest) => api.post<CardRefundsView>(`${orderPath(orderNo)}/refunds`, body),
    onSuccess: (after) => {
      client.setQueryData(refundsKey(orderNo), after);
      void client.invalidateQueries({ queryKey: orderKey(orderNo), exact: true });
      void client.invalidateQueries({ queryKey: ['orders'] });
      onClose();
    },
    onError: (error) => {
      // Only a lost answer is retried with the same key; after a refusal a new confirmation is a new refund.
      if (!(error instanceof ApiError && error.code === 'IADE_SONUCU_BEKLENIYOR')) setKey(newKey());
      void client.invalidateQueries({ queryKey: refundsKey(orderNo) });
    },
  });
  const choose = (itemId: number, quantity: number) => {
    setPicked((p) => {
      const next = { ...p };
      if (quantity > 0) next[itemId] = quantity;
      else delete next[itemId];
      return next;
    });
    setKey(newKey());
    refund.reset();
  };
  const lines = view.lines.filter((l) => l.refundedQuantity < l.quantity);
  const chosen = lines.filter((l) => picked[l.itemId]);
  const amount = chosen.reduce((s, l) => s + refundAmountOf(l, picked[l.itemId]!), 0);

  return (
    <Dialog title="Satır iadesi" open onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          refund.mutate({
            key,
            lines: chosen.map((l) => ({ itemId: l.itemId, quantity: picked[l.itemId]! })),
          });
        }}
      >
        <p className="text-sm">
          Seçtiğiniz ürünlerin tutarı müşterinin kartına ödeme sağlayıcısı üzerinden iade edilir; iade edilen
          adetler stoğa geri eklenir.
        </p>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-medium">İade edilecek ürünler</legend>
          {lines.map((line) => {
            const left = line.quantity - line.refundedQuantity;
            const id = `refund-${line.itemId}`;
            return (
              <div key={line.itemId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <label htmlFor={id} className="min-w-0 flex-1">
                  <span className="font-medium">{line.name}</span>
                  <span className="block text-stone-700">
                    {left} / {line.quantity} adet iade edilebilir
                  </span>
                </label>
                <select
                  id={id}
                  className="rounded-md border border-stone-500 bg-white px-2 py-1.5"
                  value={picked[line.itemId] ?? 0}
                  onChange={(e) => choose(line.itemId, Number(e.target.value))}
                >
                  <option value={0}>İade yok</option>
                  {Array.from({ length: left }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n} adet · {formatMoney(refundAmountOf(line, n))}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
        </fieldset>
        <p className="text-sm" aria-live="polite">
          İade tutarı: <strong>{formatMoney(amount)}</strong>
        </p>
        {refund.isError && <FormError message={messageOf(refund.error)} />}
        <div className="flex flex-wrap justify-end gap-2">
          <Button look="secondary" onClick={onClose}>
            Vazgeç
          </Button>
          <Button type="submit" disabled={refund.isPending || chosen.length === 0}>
            {refund.isPending ? 'İade ediliyor…' : `${formatMoney(amount)} iade et`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
