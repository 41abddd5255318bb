import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShipmentListItem } from '@vitrin/shared/api/admin/shipment-labels';
import type { ShipmentCreateRequest } from '@vitrin/shared/api/admin/shipments';
import { formatDateTime } from '@vitrin/shared/dates';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Field, FormError, Input } from '../ui/field.tsx';
import { orderKey, orderQuery } from './orders-api.ts';
import { cancellable, labelOffered, returnOffered, shipmentStatusText } from './shipment-actions.ts';
import {
  buyLabel,
  cancelLabel,
  carrierMessage,
  createReturn,
  shipmentsKey,
  shipmentsQuery,
} from './shipments-api.ts';

const PROVIDERS = { geliver: 'Geliver', yurtici: 'Yurtiçi Kargo' } as const;
const KIND_TEXT = { outbound: 'Gönderi', return: 'İade' } as const;

/** A weight or desi as typed (`1,5`): a number when it reads as one, else the text (the API names the fault). */
function typed(value: string): number | string {
  const n = Number(value.trim().replace(',', '.'));
  return value.trim() !== '' && Number.isFinite(n) ? n : value;
}

/** The parcel as typed (1 kg unless typed, desi left out when empty); the API checks the numbers. */
function parcelOf(weight: string, desi: string): ShipmentCreateRequest {
  const desiValue = desi.trim() === '' ? undefined : typed(desi);
  const parcel = {
    weightKg: weight.trim() === '' ? 1 : typed(weight),
    ...(desiValue === undefined ? {} : { desi: desiValue }),
  };
  return { parcels: [parcel as { weightKg: number; desi?: number }] };
}

/** A parcel's weight and desi as typed (1 and 1 to start), and the request they make. */
function useParcel() {
  const [weight, setWeight] = useState('1');
  const [desi, setDesi] = useState('1');
  return { weight, desi, setWeight, setDesi, request: () => parcelOf(weight, desi) };
}
type Parcel = ReturnType<typeof useParcel>;

/** The weight and desi fields of a label or a return, with the API's message under each. */
function ParcelFields({
  parcel: { weight, desi, setWeight, setDesi },
  error,
}: {
  parcel: Parcel;
  /** The last try's failure: its field messages stand under the fields. */
  error: unknown;
}) {
  const fields = fieldsOf(error);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Ağırlık (kg)" error={fields['parcels.0.weightKg']} hint="Boş bırakılırsa 1 kg.">
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
          />
        )}
      </Field>
      <Field label="Desi" error={fields['parcels.0.desi']} hint="En × boy × yükseklik (cm) / 3000; boş: 1.">
        {(control) => (
          <Input {...control} inputMode="decimal" value={desi} onChange={(e) => setDesi(e.target.value)} />
        )}
      </Field>
    </div>
  );
}

const fieldsOf = (error: unknown): Record<string, string> => (error instanceof ApiError ? error.fields : {});

/** Whether the error has a message no field shows (the fields' own messages stand under them). */
function unplaced(error: unknown): boolean {
  const fields = fieldsOf(error);
  const placed = ['parcels.0.weightKg', 'parcels.0.desi'].filter((k) => fields[k]).length;
  return placed === 0 || placed < Object.keys(fields).length;
}

function ShipmentLine({ s, onCancel }: { s: ShipmentListItem; onCancel?: () => void }) {
  const cancelled = s.status === 'cancelled';
  const numberText = s.kind === 'return' ? 'İade kodu' : 'Takip no';
  return (
    <li className="flex flex-col gap-1 [overflow-wrap:anywhere]">
      <span>
        {KIND_TEXT[s.kind]} · {s.carrier || PROVIDERS[s.provider]} ·{' '}
        <strong className={cancelled ? 'text-red-800' : undefined}>{shipmentStatusText(s)}</strong> ·{' '}
        {formatDateTime(s.createdAt)}
      </span>
      {s.trackingNo && (
        <span>
          {numberText}:{' '}
          {s.trackingUrl && !cancelled ? (
            <a href={s.trackingUrl} target="_blank" rel="noreferrer" className="text-amber-900 underline">
              {s.trackingNo}
            </a>
          ) : (
            <strong className={cancelled ? 'line-through' : undefined}>{s.trackingNo}</strong>
          )}
        </span>
      )}
      {s.labelUrl && s.status === 'created' && (
        <a href={s.labelUrl} target="_blank" rel="noreferrer" className="text-amber-900 underline">
          {s.kind === 'return' ? 'İade etiketini yazdır' : 'Etiketi yazdır'}
          <span className="sr-only"> ({s.trackingNo || s.id}, PDF)</span>
        </a>
      )}
      {s.status !== 'created' && !cancelled && s.lastError && (
        <span className="text-red-800">{s.lastError}</span>
      )}
      {onCancel && (
        <div>
          <Button look="secondary" onClick={onCancel}>
            {s.kind === 'return' ? 'İade etiketini iptal et' : 'Etiketi iptal et'}
            <span className="sr-only"> ({s.trackingNo || s.id})</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/** Reads the order's shipments, the order and the lists again after a label was bought, cancelled or returned. */
function useShipmentsChanged(orderNo: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: shipmentsKey(orderNo) });
    void client.invalidateQueries({ queryKey: orderKey(orderNo), exact: true });
    void client.invalidateQueries({ queryKey: ['orders'] });
  };
}

/** Confirms cancelling a bought label and says what happens to it and to the order. */
function CancelDialog({
  orderNo,
  shipment,
  onClose,
  onDone,
}: {
  orderNo: string;
  shipment: ShipmentListItem;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const changed = useShipmentsChanged(orderNo);
  const cancel = useMutation({
    mutationFn: () => cancelLabel(orderNo, shipment.id),
    onSuccess: (answer) => onDone(answer.message),
    onSettled: changed,
  });
  const carrier = shipment.carrier || PROVIDERS[shipment.provider];
  const isReturn = shipment.kind === 'return';
  return (
    <ConfirmDialog
      title={isReturn ? 'İade etiketi iptal edilsin mi?' : 'Etiket iptal edilsin mi?'}
      onClose={onClose}
      onConfirm={() => cancel.mutate()}
      pending={cancel.isPending}
      danger
      confirmLabel={isReturn ? 'İade etiketini iptal et' : 'Etiketi iptal et'}
      pendingLabel="İptal ediliyor…"
      error={cancel.isError && <FormError message={carrierMessage(cancel.error, 'etiket iptal edilmedi')} />}
    >
      {isReturn ? (
        <p>
          {carrier} iade etiketi (iade kodu <strong>{shipment.trackingNo}</strong>) kargo firmasında iptal
          edilir; müşteri paketi bu kodla gönderemez. Sipariş durumu değişmez; gerekirse yeni bir iade kargosu
          oluşturabilirsiniz.
        </p>
      ) : (
        <>
          <p>
            {carrier} etiketi (takip no <strong>{shipment.trackingNo}</strong>) kargo firmasında iptal edilir;
            bu etiketle paket gönderilemez, müşterinin sayfasında bu takip numarası artık görünmez.
          </p>
          <p>
            Sipariş “Kargoya Verildi” durumunda kalır (sipariş durumları geri alınamaz). Ardından aynı
            siparişe yeni etiket alabilirsiniz; müşteriye yeni takip numarası e-postayla gider.
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}

/** Confirms a delivered order's return shipment, with its parcel; the shopper gets the return code by e-mail. */
function ReturnDialog({
  orderNo,
  provider,
  onClose,
  onDone,
}: {
  orderNo: string;
  provider: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const changed = useShipmentsChanged(orderNo);
  const parcel = useParcel();
  const create = useMutation({
    mutationFn: () => createReturn(orderNo, parcel.request()),
    onSuccess: ({ shipment }) =>
      onDone(
        `İade kargosu oluşturuldu (${shipment.carrier}, iade kodu ${shipment.trackingNo}); kod müşteriye e-postayla gönderildi.`,
      ),
    onSettled: changed,
  });
  return (
    <ConfirmDialog
      title="İade kargosu oluşturulsun mu?"
      onClose={onClose}
      onConfirm={() => create.mutate()}
      pending={create.isPending}
      confirmLabel="İade kargosu oluştur"
      pendingLabel="Oluşturuluyor…"
      error={
        create.isError &&
        unplaced(create.error) && (
          <FormError message={carrierMessage(create.error, 'iade kargosu oluşturulmadı')} />
        )
      }
    >
      <p>
        {provider} üzerinden müşteriden mağazaya bir iade gönderisi açılır. Müşteriye iade kodu ve takip
        bağlantısı e-postayla gider; paketi bu kodla kargo şubesine verir. Sipariş durumu değişmez.
      </p>
      <ParcelFields parcel={parcel} error={create.error} />
    </ConfirmDialog>
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
  const list = useQuery(shipmentsQuery(orderNo));
  const order = useQuery(orderQuery(orderNo));
  const changed = useShipmentsChanged(orderNo);
  const parcel = useParcel();
  const [cancelling, setCancelling] = useState<ShipmentListItem | null>(null);
  const [returning, setReturning] = useState(false);
  const [done, setDone] = useState('');
  const buy = useMutation({
    // The API checks the numbers and answers its Turkish message for each field.
    mutationFn: () => buyLabel(orderNo, parcel.request()),
    onSuccess: () => setDone(''),
    onSettled: changed,
  });
  if (!list.data || !order.data) return null;
  const { shippingProvider, shipments } = list.data;
  const orderStatus = order.data.order.state.code;
  const offer = canWrite && labelOffered({ provider: shippingProvider, shipments, orderStatus, canShip });
  const offerReturn = canWrite && returnOffered({ provider: shippingProvider, shipments, orderStatus });
  if (shipments.length === 0 && !offer && !offerReturn) return null;
  const outbound = shipments.find((s) => s.kind === 'outbound' && s.status === 'created');
  const returnProvider =
    PROVIDERS[outbound?.provider ?? (shippingProvider === 'manual' ? 'geliver' : shippingProvider)];
  const replacing = offer && shipments.some((s) => s.kind === 'outbound' && s.status === 'cancelled');

  return (
    <section
      aria-label="Kargo etiketi"
      className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-white p-4 text-sm lg:col-span-2"
    >
      <h2 className="text-lg font-semibold">Kargo etiketi</h2>
      {shipments.length > 0 && (
        <ul aria-label="Kargo gönderileri" className="flex flex-col gap-3">
          {shipments.map((s) => (
            <ShipmentLine
              key={s.id}
              s={s}
              {...(canWrite && cancellable(s, orderStatus)
                ? {
                    onCancel: () => {
                      setDone('');
                      setCancelling(s);
                    },
                  }
                : {})}
            />
          ))}
        </ul>
      )}
      {done && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
          {done}
        </p>
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
            {replacing ? 'Yeni etiket' : 'Etiket'} {PROVIDERS[shippingProvider as keyof typeof PROVIDERS]}{' '}
            üzerinden alınır;{' '}
            {replacing
              ? 'sipariş “Kargoya Verildi” durumunda kalır ve müşteriye yeni takip bağlantısı e-postayla gider.'
              : 'sipariş “Kargoya Verildi” olur ve müşteriye takip bağlantısı e-postayla gider.'}
          </p>
          <ParcelFields parcel={parcel} error={buy.error} />
          {buy.isError && unplaced(buy.error) && <FormError message={carrierMessage(buy.error)} />}
          <div>
            <Button type="submit" disabled={buy.isPending}>
              {buy.isPending ? 'Etiket alınıyor…' : 'Kargo etiketi al'}
            </Button>
          </div>
        </form>
      )}
      {offerReturn && (
        <div className="flex flex-col gap-2">
          <p>Müşteri ürünü geri gönderecekse iade kargosu açın; iade kodu müşteriye e-postayla gider.</p>
          <div>
            <Button
              look="secondary"
              onClick={() => {
                setDone('');
                setReturning(true);
              }}
            >
              İade kargosu oluştur
            </Button>
          </div>
        </div>
      )}
      {cancelling && (
        <CancelDialog
          orderNo={orderNo}
          shipment={cancelling}
          onClose={() => setCancelling(null)}
          onDone={(message) => {
            setCancelling(null);
            setDone(message);
          }}
        />
      )}
      {returning && (
        <ReturnDialog
          orderNo={orderNo}
          provider={returnProvider}
          onClose={() => setReturning(false)}
          onDone={(message) => {
            setReturning(false);
            setDone(message);
          }}
        />
      )}
    </section>
  );
}

/** Whether an order in this state may get its label now (the server checks again). */
export const shippable = (nextStates: readonly { code: number }[]) =>
  nextStates.some((s) => s.code === ORDER_STATE.Shipped);
