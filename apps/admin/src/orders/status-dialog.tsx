import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminOrderDetail,
  type OrderStatusRequest,
  orderStatusRequest,
} from '@vitrin/shared/api/admin/orders';
import { CARRIERS } from '@vitrin/shared/cargo';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { useForm, useWatch } from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { useOrderWrite } from './orders-api.ts';

type Values = { status: string; cargoCompany: string; trackingNo: string; note: string };

/** The request from the form's text values: a number state, and no empty optional field. */
const requestOf = (v: Values): OrderStatusRequest => ({
  // No state chosen stays absent, so the schema says to choose one.
  status: (v.status === '' ? undefined : Number(v.status)) as number,
  ...(v.cargoCompany ? { cargoCompany: v.cargoCompany as OrderStatusRequest['cargoCompany'] } : {}),
  ...(v.trackingNo.trim() ? { trackingNo: v.trackingNo } : {}),
  ...(v.note.trim() ? { note: v.note } : {}),
});

/** A state change offering only the states the order may go to now; shipping asks for the carrier and number. */
export function StatusDialog({
  order,
  open,
  onClose,
}: {
  order: AdminOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const form = useForm<Values>({
    resolver: async (values, context, options) => {
      // The request made of the form's text is checked; the field names (read only for field arrays, which
      // this form has none of) are the form's, not the request's.
      const checked = await zodResolver(orderStatusRequest)(requestOf(values), context, {
        ...options,
        names: undefined,
      });
      return Object.keys(checked.errors).length
        ? { values: {}, errors: checked.errors }
        : { values, errors: {} };
    },
    defaultValues: { status: '', cargoCompany: '', trackingNo: '', note: '' },
  });
  const { errors } = form.formState;
  const shipping = useWatch({ control: form.control, name: 'status' }) === String(ORDER_STATE.Shipped);
  const change = useOrderWrite<OrderStatusRequest>(order.order.orderNo, 'status');

  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };

  return (
    <Dialog title="Durumu değiştir" open={open} onClose={close}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) =>
          change.mutate(requestOf(values), {
            onSuccess: close,
            onError: (error) =>
              showApiError(error, form.setError, ['status', 'cargoCompany', 'trackingNo', 'note']),
          }),
        )}
      >
        <FormError message={errors.root?.server?.message} />
        <FormSelect form={form} name="status" label="Yeni durum">
          <option value="">Seçin</option>
          {order.nextStates.map((state) => (
            <option key={state.code} value={String(state.code)}>
              {state.label}
            </option>
          ))}
        </FormSelect>
        {shipping && (
          <>
            <FormSelect form={form} name="cargoCompany" label="Kargo firması">
              <option value="">Seçin</option>
              {Object.entries(CARRIERS).map(([code, carrier]) => (
                <option key={code} value={code}>
                  {carrier.name}
                </option>
              ))}
            </FormSelect>
            <FormInput form={form} name="trackingNo" label="Takip numarası" autoComplete="off" />
          </>
        )}
        <FormInput
          form={form}
          name="note"
          label="Müşteriye not (isteğe bağlı)"
          hint="E-postada ve sipariş geçmişinde görünür."
        />
        <DialogActions onCancel={close} saving={change.isPending} />
      </form>
    </Dialog>
  );
}
