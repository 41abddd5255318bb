import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminCoupon,
  COUPON_FORM_FIELDS,
  type CouponInput,
  type CouponRequest,
  couponRequest,
} from '@vitrin/shared/api/admin/coupons';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { toShopInput } from './coupon-labels.ts';
import { useSaveCoupon } from './coupons-api.ts';

const blankForm = {
  code: '',
  description: '',
  kind: 'percent',
  value: '',
  minBasketMinor: '0',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  isPublic: false,
  isActive: true,
} as const;

const formOf = (c: AdminCoupon) => ({
  code: c.code,
  description: c.description,
  kind: c.kind,
  value: String(c.value),
  minBasketMinor: String(c.minBasketMinor),
  startsAt: toShopInput(c.startsAt),
  endsAt: toShopInput(c.endsAt),
  usageLimit: c.usageLimit === null ? '' : String(c.usageLimit),
  perCustomerLimit: c.perCustomerLimit === null ? '' : String(c.perCustomerLimit),
  isPublic: c.isPublic,
  isActive: c.isActive,
});

function Check({ label, field }: { label: string; field: UseFormRegisterReturn }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-5 accent-amber-800" {...field} />
      {label}
    </label>
  );
}

/** A new coupon (no `coupon`) or an edit of one, checked by the server's own schema before it is sent. */
export function CouponDialog({ coupon, onClose }: { coupon?: AdminCoupon; onClose: () => void }) {
  const form = useForm<CouponRequest, unknown, CouponInput>({
    resolver: zodResolver(couponRequest),
    defaultValues: coupon ? formOf(coupon) : blankForm,
  });
  const save = useSaveCoupon(coupon?.id);
  const { errors } = form.formState;

  return (
    <Dialog title={coupon ? `${coupon.code} kuponunu düzenle` : 'Kupon ekle'} open onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: onClose,
            onError: (error) => showApiError(error, form.setError, COUPON_FORM_FIELDS),
          }),
        )}
      >
        <FormError message={errors.root?.server?.message} />
        <FormInput
          form={form}
          name="code"
          label="Kupon kodu"
          autoComplete="off"
          hint="Harf, rakam, - ve _; büyük harfe çevrilir."
        />
        <FormInput form={form} name="description" label="Açıklama" autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormSelect form={form} name="kind" label="İndirim türü">
            <option value="percent">Yüzde</option>
            <option value="amount">Tutar</option>
          </FormSelect>
          <FormInput
            form={form}
            name="value"
            label="İndirim"
            inputMode="numeric"
            hint="Yüzde: 1-100. Tutar: kuruş (5000 = 50,00 TL)."
          />
        </div>
        <FormInput
          form={form}
          name="minBasketMinor"
          label="En düşük sepet tutarı (kuruş)"
          inputMode="numeric"
          hint="0: alt sınır yok."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInput form={form} name="startsAt" label="Başlangıç" type="datetime-local" />
          <FormInput form={form} name="endsAt" label="Bitiş" type="datetime-local" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInput
            form={form}
            name="usageLimit"
            label="Toplam kullanım sınırı"
            inputMode="numeric"
            hint="Boş: sınırsız."
          />
          <FormInput
            form={form}
            name="perCustomerLimit"
            label="Müşteri başına sınır"
            inputMode="numeric"
            hint="Boş: sınırsız."
          />
        </div>
        <Check label="Kuponlar sayfasında gösterilsin" field={form.register('isPublic')} />
        <Check label="Etkin (kullanılabilir)" field={form.register('isActive')} />
        <div className="flex justify-end gap-2">
          <Button look="secondary" onClick={onClose}>
            Vazgeç
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Kaydet
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
