import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShipmentListItem } from '@vitrin/shared/api/admin/shipment-labels';
import { formatDateTime } from '@vitrin/shared/dates';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Field, FormError, Input } from '../ui/field.tsx';
import { orderKey } from './orders-api.ts';
import { buyLabel, carrierMessage, shipmentsKey, shipmentsQuery } from './shipments-api.ts';

const PROVIDERS = { geliver: 'Geliver', yurtici: 'Yurtiçi Kargo' } as const;
const STATUS_TEXT: Record<string, string> = {
  pending: 'etiket bekleniyor',
  created: 'etiket alındı',
  failed: 'alınamadı',
  cancelled: 'iptal edildi',
};
const KIND_TEXT = { outbound: 'Gönderi', return: 'İade' } as const;

/** A weight or desi as typed (`1,5`): a number when it reads as one, else the text (the API names the fault). */
function typed(value: string): number | string {
  const n = Number(value.trim().replace(',', '.'));
  return value.trim() !== '' && Number.isFinite(n) ? n : value;
}

function ShipmentLine({ s }: { s: ShipmentListItem }) {
  return (
    <li className="flex flex-col gap-1 [overflow-wrap:anywhere]">
      <span>
        {KIND_TEXT[s.kind]} · {s.carrier || PROVIDERS[s.provider]} ·{' '}
        <strong>{STATUS_TEXT[s.status] ?? s.status}</strong> · {formatDateTime(s.createdAt)}
      </span>
      {s.trackingNo && (
        <span>
          Takip no:{' '}
          {s.trackingUrl ? (
            <a href={s.trackingUrl} target="_blank" rel="noreferrer" className="text-amber-900 underline">
              {s.trackingNo}
            </a>
          ) : (
            <strong>{s.trackingNo}</strong>
          )}
        </span>
      )}
      {s.labelUrl && (
        <a href={s.labelUrl} target="_blank" rel="noreferrer" className="text-amber-900 underline">
          Etiketi yazdır<span className="sr-only"> ({s.trackingNo || s.id}, PDF)</span>
        </a>
      )}
      {s.status !== 'created' && s.lastError && <span className="text-red-800">{s.lastError}</span>}
    </li>
  );
}

/**
 * The order's carrier shipments and, when a carrier is chosen (`shipping_provider`) and the order may go to
 * "Kargoya Verildi", buying its label with the parcel's weight and desi (1 kg and 1 desi unless typed).
 */
export function OrderShipments({
  orderNo,
  canShip,
  canWrite,
}: {
  orderNo: string;
  /** The order may move to "Kargoya Verildi" now. */
  canShip: boolean;
  canWrite: boolean;
}) {
  const client = useQueryClient();
  const list = useQuery(shipmentsQuery(orderNo));
  const [weight, setWeight] = useState('1');
  const [desi, setDesi] = useState('1');
  const buy = useMutation({
    mutationFn: () => {
      const desiValue = desi.trim() === '' ? undefined : typed(desi);
      const parcel = {
        weightKg: weight.trim() === '' ? 1 : typed(weight),
        ...(desiValue === undefined ? {} : { desi: desiValue }),
      };
      // The API checks the numbers and answers its Turkish message for each field.
      return buyLabel(orderNo, { parcels: [parcel as { weightKg: number; desi?: number }] });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: shipmentsKey(orderNo) });
      void client.invalidateQueries({ queryKey: orderKey(orderNo), exact: true });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
  if (!list.data) return null;
  const { shippingProvider, shipments } = list.data;
  const bought = shipments.some((s) => s.kind === 'outbound' && s.status === 'created');
  const offer = canWrite && canShip && shippingProvider !== 'manual' && !bought;
  if (shipments.length === 0 && !offer) return null;
  const fields = buy.error instanceof ApiError ? buy.error.fields : {};
  const weightError = fields['parcels.0.weightKg'];
  const desiError = fields['parcels.0.desi'];
  const placed = [weightError, desiError].filter(Boolean).length;

  return (
    <section
      aria-label="Kargo etiketi"
      className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-white p-4 text-sm lg:col-span-2"
    >
      <h2 className="text-lg font-semibold">Kargo etiketi</h2>
      {shipments.length > 0 && (
        <ul aria-label="Kargo gönderileri" className="flex flex-col gap-3">
          {shipments.map((s) => (
            <ShipmentLine key={s.id} s={s} />
          ))}
        </ul>
      )}
      {offer && (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            buy.mutate();
          }}
        >
          <p>
            Etiket {PROVIDERS[shippingProvider]} üzerinden alınır; sipariş “Kargoya Verildi” olur ve müşteriye
            takip bağlantısı e-postayla gider.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Ağırlık (kg)" error={weightError} hint="Boş bırakılırsa 1 kg.">
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={weight}
                  onChange={(e) => setWeight(e.target.value)}
                />
              )}
            </Field>
            <Field label="Desi" error={desiError} hint="En × boy × yükseklik (cm) / 3000; boş: 1.">
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={desi}
                  onChange={(e) => setDesi(e.target.value)}
                />
              )}
            </Field>
          </div>
          {buy.isError && (placed === 0 || placed < Object.keys(fields).length) && (
            <FormError message={carrierMessage(buy.error)} />
          )}
          <div>
            <Button type="submit" disabled={buy.isPending}>
              {buy.isPending ? 'Etiket alınıyor…' : 'Kargo etiketi al'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Whether an order in this state may get its label now (the server checks again). */
export const shippable = (nextStates: readonly { code: number }[]) =>
  nextStates.some((s) => s.code === ORDER_STATE.Shipped);
