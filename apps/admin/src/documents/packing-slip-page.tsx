import { useQuery } from '@tanstack/react-query';
import type { PackingSlip } from '@vitrin/shared/api/admin/documents';
import { formatDateTime } from '@vitrin/shared/dates';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { api, messageOf } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading } from '../ui/page.tsx';
import { invoiceLink } from './links.ts';

function Address({ title, a }: { title: string; a: PackingSlip['shipTo'] }) {
  return (
    <section>
      <h2 className="mb-1 text-sm font-semibold tracking-wide text-stone-700 uppercase">{title}</h2>
      <p className="font-semibold">{a.name}</p>
      {a.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>{a.phone}</p>
    </section>
  );
}

/**
 * The packing slip of an order, a page of its own (no menu) to print on A4: what goes in the parcel and where
 * it goes, without prices.
 */
export function PackingSlipPage() {
  const { number = '' } = useParams();
  const slip = useQuery({
    queryKey: ['packing-slip', number],
    queryFn: () => api.get<PackingSlip>(`/orders/${encodeURIComponent(number)}/packing-slip`),
  });
  useEffect(() => {
    document.title = `Paketleme fişi ${number} · Yönetim paneli`;
  }, [number]);

  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-stone-900 print:max-w-none print:p-0">
      {slip.isPending && <Loading />}
      {slip.isError && <FormError message={messageOf(slip.error)} />}
      {slip.data && (
        <article className="flex flex-col gap-6">
          <header className="flex flex-wrap items-start justify-between gap-4 border-b border-stone-300 pb-4">
            <div>
              <h1 className="text-2xl font-semibold">Sevk irsaliyesi / paketleme fişi</h1>
              <p>
                Sipariş <strong className="font-mono">{slip.data.orderNo}</strong> ·{' '}
                <time dateTime={slip.data.at}>{formatDateTime(slip.data.at)}</time>
              </p>
            </div>
            <div className="flex flex-wrap gap-2 print:hidden">
              <a
                href={invoiceLink(slip.data.orderNo)}
                download
                className="inline-flex min-h-10 items-center justify-center rounded-md border border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-900 hover:bg-stone-100"
              >
                Fatura PDF
              </a>
              <Button onClick={() => window.print()}>Yazdır</Button>
            </div>
          </header>
          <div className="grid gap-6 sm:grid-cols-3 print:grid-cols-3">
            <Address
              title="Gönderen"
              a={{
                name: slip.data.shop.name,
                phone: slip.data.shop.phone,
                lines: [slip.data.shop.address].filter(Boolean),
              }}
            />
            <Address title="Teslimat adresi" a={slip.data.shipTo} />
            <Address title="Fatura adresi" a={slip.data.billTo} />
          </div>
          <table className="w-full border-collapse text-left">
            <thead>
              <tr className="border-b-2 border-stone-800">
                <th scope="col" className="py-2 pr-3">
                  Ürün
                </th>
                <th scope="col" className="py-2 pr-3">
                  Stok kodu
                </th>
                <th scope="col" className="py-2 text-right">
                  Adet
                </th>
              </tr>
            </thead>
            <tbody>
              {slip.data.lines.map((line) => (
                <tr
                  key={[line.sku, ...line.options].join('|')}
                  className="border-b border-stone-300 align-top"
                >
                  <td className="py-2 pr-3">
                    <span className="block font-medium">{line.name}</span>
                    {line.options.map((o) => (
                      <span key={o} className="block text-sm text-stone-700">
                        {o}
                      </span>
                    ))}
                  </td>
                  <td className="py-2 pr-3 font-mono text-sm break-all">{line.sku}</td>
                  <td className="py-2 text-right text-lg font-semibold">{line.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {slip.data.note && (
            <section>
              <h2 className="text-sm font-semibold text-stone-700">Müşteri notu</h2>
              <p className="whitespace-pre-line">{slip.data.note}</p>
            </section>
          )}
        </article>
      )}
    </main>
  );
}
