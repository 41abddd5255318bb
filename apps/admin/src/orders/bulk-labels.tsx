import { useMutation } from '@tanstack/react-query';
import { LABELS_ORDERS_MAX } from '@vitrin/shared/api/admin/shipment-labels';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { carrierMessage, downloadLabels } from './shipments-api.ts';

/** The chosen orders' carrier labels as one PDF to print; an order without a label is named by the server. */
export function BulkLabels({ numbers }: { numbers: string[] }) {
  const print = useMutation({ mutationFn: () => downloadLabels(numbers) });
  const tooMany = numbers.length > LABELS_ORDERS_MAX;
  return (
    <section
      aria-label="Kargo etiketleri"
      className="flex flex-col gap-2 rounded-lg border border-stone-300 bg-white p-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button
          look="secondary"
          disabled={numbers.length === 0 || tooMany || print.isPending}
          onClick={() => print.mutate()}
        >
          {print.isPending ? 'Etiketler hazırlanıyor…' : 'Etiketleri yazdır'}
        </Button>
        <p className="text-sm text-stone-700">
          {tooMany
            ? `Bir seferde en fazla ${LABELS_ORDERS_MAX} siparişin etiketi yazdırılabilir.`
            : 'Seçilen siparişlerin kargo etiketleri tek PDF olarak iner.'}
        </p>
      </div>
      {print.isError && <FormError message={carrierMessage(print.error)} />}
      {print.isSuccess && (
        <p role="status" className="text-sm text-green-800">
          {numbers.length} siparişin etiketi indirildi (kargo-etiketleri.pdf).
        </p>
      )}
    </section>
  );
}
