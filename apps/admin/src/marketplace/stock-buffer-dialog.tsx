import { zodResolver } from '@hookform/resolvers/zod';
import { STOCK_BUFFER_MAX, stockBufferRequest } from '@vitrin/shared/api/admin/marketplace';
import { z } from '@vitrin/shared/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../ui/form-dialog.tsx';
import { FormInput } from '../ui/form-fields.tsx';
import { bufferValue, useSaveBuffer } from './trendyol-api.ts';

/** The field holds text; the request's own check reads it as a whole number (its message when it is not). */
const bufferForm = z.object({
  stockBuffer: z.string().transform(bufferValue).pipe(stockBufferRequest.shape.stockBuffer),
});

/**
 * A listing's "Ayrılan stok": the pieces kept back from Trendyol (its quantity there is the stock less them),
 * sent by the next round. A refusal shows at the field.
 */
export function StockBufferDialog({
  barcode,
  name,
  buffer,
  onClose,
}: {
  barcode: string;
  name: string;
  buffer: number;
  onClose: () => void;
}) {
  const form = useForm<{ stockBuffer: string }, unknown, { stockBuffer: number }>({
    resolver: zodResolver(bufferForm),
    defaultValues: { stockBuffer: String(buffer) },
  });
  const save = useSaveBuffer(barcode);
  return (
    <FormDialog
      title={`Ayrılan stok: ${name}`}
      onClose={onClose}
      form={form}
      save={save}
      fields={['stockBuffer']}
    >
      <FormInput
        form={form}
        name="stockBuffer"
        label="Ayrılan stok (adet)"
        inputMode="numeric"
        autoComplete="off"
        hint={`Trendyol’a stoğun bu kadar eksiği gönderilir (0 ile ${STOCK_BUFFER_MAX} arası); son parçalar mağazaya kalır. Barkod: ${barcode}.`}
      />
    </FormDialog>
  );
}
