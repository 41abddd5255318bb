import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminCoupon,
  COUPON_FORM_FIELDS,
  type CouponFormValues,
  type CouponInput,
  couponFormRequest,
} from '@vitrin/shared/api/admin/coupons';
import { liraInput } from '@vitrin/shared/api/admin/lira';
import {
  Controller,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { DateField } from '../ui/date-field.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { CategoryPicker } from './category-picker.tsx';
import { shopDay, withCouponDays } from './coupon-days.ts';
import { useSaveCoupon } from './coupons-api.ts';

const blankForm: CouponFormValues = {
  code: '',
  description: '',
  kind: 'percent',
  value: '',
  minBasketMinor: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  categoryId: '',
  isPublic: false,
  isActive: true,
};

/** A coupon as its form shows it: amounts in lira (`150,50`), as the owner types them. */
const formOf = (c: AdminCoupon): CouponFormValues => ({
  code: c.code,
  description: c.description,
  kind: c.kind,
  value: c.kind === 'amount' ? liraInput(c.value) : String(c.value),
  minBasketMinor: c.minBasketMinor === 0 ? '' : liraInput(c.minBasketMinor),
  startsAt: shopDay(c.startsAt),
  endsAt: shopDay(c.endsAt),
  usageLimit: c.usageLimit === null ? '' : String(c.usageLimit),
  perCustomerLimit: c.perCustomerLimit === null ? '' : String(c.perCustomerLimit),
  categoryId: c.categoryId === null ? '' : String(c.categoryId),
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

/** A day of the coupon's validity in the Turkish way (gg.aa.yyyy), typed or picked on the calendar. */
function CouponDay({
  form,
  name,
  label,
  hint,
}: {
  form: UseFormReturn<CouponFormValues, unknown, CouponInput>;
  name: 'startsAt' | 'endsAt';
  label: string;
  hint: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          label={label}
          hint={hint}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A new coupon (no `coupon`) or an edit of one, checked by the server's own schema before it is sent. */
export function CouponDialog({ coupon, onClose }: { coupon?: AdminCoupon; onClose: () => void }) {
  const form = useForm<CouponFormValues, unknown, CouponInput>({
    // The form's text in, the API's request (kuruş) out.
    resolver: withCouponDays(
      zodResolver(couponFormRequest) as unknown as Resolver<CouponFormValues, unknown, CouponInput>,
      coupon,
    ),
    defaultValues: coupon ? formOf(coupon) : blankForm,
  });
  const save = useSaveCoupon(coupon?.id);
  const { errors } = form.formState;
  const isAmount = form.watch('kind') === 'amount';

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
          hint="Harf, rakam, - ve _; yazdığınız gibi saklanır. Müşteri büyük-küçük harf ya da ı/i farkı gözetmeden yazabilir."
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
            label={isAmount ? 'İndirim tutarı (TL)' : 'İndirim (%)'}
            inputMode={isAmount ? 'decimal' : 'numeric'}
            autoComplete="off"
            hint={isAmount ? 'TL olarak, ör. 150 ya da 150,50.' : '1 ile 100 arası.'}
          />
        </div>
        <FormInput
          form={form}
          name="minBasketMinor"
          label="En düşük sepet tutarı (TL)"
          inputMode="decimal"
          autoComplete="off"
          hint="TL olarak, ör. 750 ya da 749,90. Boş: alt sınır yok."
        />
        <CategoryPicker form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <CouponDay form={form} name="startsAt" label="Başlangıç" hint="gg.aa.yyyy; günün başından." />
          <CouponDay form={form} name="endsAt" label="Bitiş" hint="gg.aa.yyyy; günün sonuna kadar." />
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
        <DialogActions onCancel={onClose} saving={save.isPending} />
      </form>
    </Dialog>
  );
}
