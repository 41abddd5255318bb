import { Link } from 'react-router';
import { invoiceLink, packingSlipPath } from './links.ts';

const look =
  'inline-flex min-h-10 items-center justify-center rounded-md border border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-900 hover:bg-stone-100';

/** An order's papers, for its detail screen: the packing slip to print and the invoice PDF to download. */
export function OrderDocumentLinks({ orderNo }: { orderNo: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={packingSlipPath(orderNo)} target="_blank" className={look}>
        Sevk irsaliyesi / paketleme fişi
      </Link>
      <a href={invoiceLink(orderNo)} download className={look}>
        Fatura PDF
      </a>
    </div>
  );
}
