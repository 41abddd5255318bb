import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHANNEL_INVOICE_NUMBER_MAX,
  type ChannelInvoiceRequest,
  channelInvoiceRequest,
  type OrderChannel,
} from '@vitrin/shared/api/admin/orders';
import { formatDateTime } from '@vitrin/shared/dates';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput } from '../ui/form-fields.tsx';
import { HealthRow } from '../ui/service-health.tsx';
import {
  invoicedStep,
  invoiceTypable,
  packageStatusText,
  pickingStep,
  type StatusStep,
  useChannelInvoice,
} from './order-channel-api.ts';

const STEP_TONES = {
  neutral: 'bg-stone-100 text-stone-800',
  good: 'bg-green-100 text-green-900',
  warn: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
  info: 'bg-sky-100 text-sky-900',
} as const;

/** A step told back to the marketplace: a tinted line that wraps on a narrow box (a badge would not). */
function Step({ step }: { step: StatusStep }) {
  return <span className={`inline-block rounded-md px-2 py-0.5 ${STEP_TONES[step.tone]}`}>{step.text}</span>;
}

/** The invoice number the shop cut elsewhere, typed here: the marketplace gets it as Invoiced. */
function InvoiceNumberForm({ orderNo, channel }: { orderNo: string; channel: OrderChannel }) {
  const form = useForm<ChannelInvoiceRequest>({
    resolver: zodResolver(channelInvoiceRequest),
    defaultValues: { invoiceNumber: channel.invoiceNumber ?? '' },
  });
  const save = useChannelInvoice(orderNo);
  const [saved, setSaved] = useState(false);
  return (
    <form
      noValidate
      className="flex flex-col gap-3 border-t border-stone-200 pt-3"
      onChange={() => setSaved(false)}
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values, {
          onSuccess: () => setSaved(true),
          onError: (error) => showApiError(error, form.setError, ['invoiceNumber']),
        }),
      )}
    >
      <FormError message={form.formState.errors.root?.server?.message} />
      <FormInput
        form={form}
        name="invoiceNumber"
        label="Fatura numarası"
        autoComplete="off"
        maxLength={CHANNEL_INVOICE_NUMBER_MAX}
        hint={`Faturayı başka yerde kestiyseniz numarasını yazın; ${channel.label}’a “Faturalandı” olarak bildirilir.`}
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p role="status" className="text-sm text-green-800">
          {saved ? 'Kaydedildi; bir sonraki eşitlemede bildirilecek.' : ''}
        </p>
        <Button type="submit" disabled={save.isPending}>
          Fatura numarasını kaydet
        </Button>
      </div>
    </form>
  );
}

/**
 * A marketplace order's box: its order and package numbers there, the package's status there, what the shop
 * told it back (Picking, Invoiced) or why not yet, the last error, the lines the stock could not cover when
 * it came in, and the invoice number to type.
 */
export function OrderChannelBox({
  orderNo,
  channel,
  canWrite,
}: {
  orderNo: string;
  channel: OrderChannel;
  canWrite: boolean;
}) {
  const picking = pickingStep(channel);
  const invoiced = invoicedStep(channel);
  return (
    <section
      aria-label={channel.label}
      className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-white p-4 text-sm lg:col-span-2"
    >
      <h2 className="text-lg font-semibold">{channel.label}</h2>
      {channel.shortfall.length > 0 && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="font-medium">Bu paket geldiğinde stok yetmedi:</p>
          <ul className="mt-1 list-disc pl-5">
            {channel.shortfall.map((s) => (
              <li key={s.barcode}>
                {s.name} ({s.barcode}): {s.wanted} adet istendi,{' '}
                {s.available === null ? 'bu barkodla ürün yok' : `stokta ${s.available} vardı`}
              </li>
            ))}
          </ul>
          <p className="mt-1">Ürünü tedarik edin ya da siparişi {channel.label} panelinden iptal edin.</p>
        </div>
      )}
      <dl className="flex flex-col gap-2">
        <HealthRow term={`${channel.label} sipariş no`}>
          <span className="font-mono font-medium">{channel.orderNumber}</span>
        </HealthRow>
        <HealthRow term="Paket no">
          <span className="font-mono">{channel.packageId}</span>
        </HealthRow>
        <HealthRow term={`${channel.label}’daki son durumu`}>{packageStatusText(channel.status)}</HealthRow>
        <HealthRow term="Hazırlanıyor (Picking)">
          <Step step={picking} />
        </HealthRow>
        <HealthRow term="Faturalandı (Invoiced)">
          <Step step={invoiced} />
        </HealthRow>
        {channel.lastError && (
          <HealthRow term="Son hata">
            <span className="text-red-800">{channel.lastError}</span>
            {channel.nextAttemptAt && (
              <span className="block text-stone-700">
                Yeniden denenecek: {formatDateTime(channel.nextAttemptAt)}
              </span>
            )}
          </HealthRow>
        )}
      </dl>
      {canWrite && invoiceTypable(channel) && <InvoiceNumberForm orderNo={orderNo} channel={channel} />}
    </section>
  );
}
