import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceView } from '@vitrin/shared/api/admin/invoices';
import { messageOf } from '../lib/api.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import {
  einvoiceHealthQuery,
  invoiceAction,
  invoiceBoxShown,
  invoiceStatus,
  invoiceTypeText,
  requestInvoice,
  reversalText,
} from './order-invoice-api.ts';
import { orderKey } from './orders-api.ts';

/**
 * The order's e-Arşiv / e-Fatura (issued through Paraşüt): its state, kind and number, the PDF the shop keeps,
 * the last failure, and issuing it by hand. Shown when e-invoicing is on or the order has an invoice.
 */
export function OrderInvoice({
  orderNo,
  invoice,
  canWrite,
}: {
  orderNo: string;
  invoice: InvoiceView | null;
  canWrite: boolean;
}) {
  const client = useQueryClient();
  const health = useQuery(einvoiceHealthQuery);
  const issue = useMutation({
    mutationFn: () => requestInvoice(orderNo),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: orderKey(orderNo), exact: true });
      void client.invalidateQueries({ queryKey: einvoiceHealthQuery.queryKey });
    },
  });
  const provider = health.data?.provider;
  if (!invoiceBoxShown(invoice, provider)) return null;
  const action = canWrite ? invoiceAction(invoice, provider === 'parasut') : null;
  const state = invoice ? invoiceStatus(invoice) : null;
  const type = invoice ? invoiceTypeText(invoice.type) : null;
  const unsettled = invoice && (invoice.status === 'failed' || invoice.status === 'pending');
  const reversal = invoice ? reversalText(invoice.reversal) : null;
  return (
    <section
      aria-label="e-Fatura / e-Arşiv"
      className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-white p-4 text-sm"
    >
      <h2 className="text-lg font-semibold">e-Fatura / e-Arşiv</h2>
      {invoice && state ? (
        <dl className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <dt className="sr-only">Durum</dt>
            <dd>
              <Badge tone={state.tone}>{state.text}</Badge>
            </dd>
            {type && (
              <>
                <dt className="sr-only">Tür</dt>
                <dd>{type}</dd>
              </>
            )}
          </div>
          {invoice.number && (
            <div className="flex flex-wrap gap-1">
              <dt>Fatura no:</dt>
              <dd className="font-mono font-medium [overflow-wrap:anywhere]">{invoice.number}</dd>
            </div>
          )}
          {unsettled && invoice.lastError && (
            <div className="flex flex-col gap-0.5">
              <dt>Son hata ({invoice.attempts}. deneme):</dt>
              <dd className="text-red-800 [overflow-wrap:anywhere]">{invoice.lastError}</dd>
            </div>
          )}
          {reversal && (
            <div>
              <dt className="sr-only">Not</dt>
              <dd
                className={
                  invoice.reversal?.kind === 'note' ? 'rounded-md bg-amber-50 p-2 text-amber-950' : undefined
                }
              >
                {reversal}
              </dd>
            </div>
          )}
          {invoice.status === 'cancelled' && !invoice.reversal && invoice.lastError && (
            <div>
              <dt className="sr-only">Not</dt>
              <dd>{invoice.lastError}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p>
          Bu siparişe henüz fatura kesilmedi. Sipariş “Kargoya Verildi” olduğunda fatura kendiliğinden
          kesilir; isterseniz şimdi kesebilirsiniz.
        </p>
      )}
      {invoice?.pdfUrl && (
        <a href={invoice.pdfUrl} target="_blank" rel="noreferrer" className="text-amber-900 underline">
          Faturayı indir (PDF)
          <span className="sr-only"> ({invoice.number ?? orderNo})</span>
        </a>
      )}
      {invoice?.status === 'failed' && !invoice.reversal && (
        <p className="text-stone-700">
          Paraşüt faturayı kabul etmedi. Hatayı (ör. müşterinin fatura bilgisi ya da Paraşüt hesabı)
          giderdikten sonra “Yeniden dene” ile yeniden kesin.
        </p>
      )}
      {issue.isError && <FormError message={messageOf(issue.error)} />}
      {action && (
        <div>
          <Button disabled={issue.isPending} onClick={() => issue.mutate()}>
            {issue.isPending ? 'Fatura kesiliyor…' : action}
          </Button>
        </div>
      )}
    </section>
  );
}
