import { createColumnHelper } from '@tanstack/react-table';
import type { AdminCoupon } from '@vitrin/shared/api/admin/coupons';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { FormError } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { CouponDialog } from './coupon-dialog.tsx';
import { COUPON_STATE_LABELS, discountText } from './coupon-labels.ts';
import { useCoupons, useSaveCoupon } from './coupons-api.ts';

const column = createColumnHelper<AdminCoupon>();

const dates = (c: AdminCoupon) => {
  if (!c.startsAt && !c.endsAt) return 'Süresiz';
  return [
    c.startsAt && `${formatDateTime(c.startsAt)} başlar`,
    c.endsAt && `${formatDateTime(c.endsAt)} biter`,
  ]
    .filter(Boolean)
    .join(', ');
};

/** Disables or enables one coupon at once; a refusal is shown beside the button. */
function Switch({ coupon }: { coupon: AdminCoupon }) {
  const save = useSaveCoupon(coupon.id);
  return (
    <div className="flex flex-col gap-1">
      <Button
        look="secondary"
        disabled={save.isPending}
        onClick={() => save.mutate({ isActive: !coupon.isActive })}
      >
        {coupon.isActive ? 'Kapat' : 'Aç'}
        <span className="sr-only"> ({coupon.code})</span>
      </Button>
      {save.error && <FormError message={messageOf(save.error)} />}
    </div>
  );
}

export function CouponsPage() {
  const list = useCoupons();
  const [editing, setEditing] = useState<AdminCoupon | 'new'>();

  const columns = [
    column.accessor('code', {
      header: 'Kupon',
      cell: ({ row }) => (
        <div>
          <div className="font-mono font-medium">{row.original.code}</div>
          <div className="text-sm text-stone-700">{row.original.description}</div>
          {row.original.categoryId !== null && (
            <div className="text-sm text-stone-700">
              Kategori: {row.original.categoryName ?? `#${row.original.categoryId} (yayında değil)`}
            </div>
          )}
        </div>
      ),
    }),
    column.accessor('value', {
      header: 'İndirim',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {discountText(row.original)}
          {row.original.minBasketMinor > 0 && (
            <span className="text-stone-700"> ({formatMoney(row.original.minBasketMinor)} üzeri)</span>
          )}
        </span>
      ),
    }),
    column.accessor('usedCount', {
      header: 'Kullanım',
      cell: ({ row }) => {
        const c = row.original;
        return (
          <div className="whitespace-nowrap">
            {c.usageLimit === null ? `${c.usedCount} kez` : `${c.usedCount} / ${c.usageLimit}`}
            <div className="text-stone-700">
              {c.remainingUses === null ? 'Sınırsız' : `${c.remainingUses} hak kaldı`}
              {c.perCustomerLimit !== null && `, müşteri başına ${c.perCustomerLimit}`}
            </div>
          </div>
        );
      },
    }),
    column.accessor('endsAt', { header: 'Geçerlilik', cell: ({ row }) => dates(row.original) }),
    column.accessor('state', {
      header: 'Durum',
      cell: ({ row }) => {
        const { label, tone } = COUPON_STATE_LABELS[row.original.state];
        return (
          <span className="flex flex-wrap gap-1">
            <Badge tone={tone}>{label}</Badge>
            {row.original.isPublic && <Badge tone="info">Herkese açık</Badge>}
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: 'İşlemler',
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-2">
          <Button look="secondary" onClick={() => setEditing(row.original)}>
            Düzenle<span className="sr-only"> ({row.original.code})</span>
          </Button>
          <Switch coupon={row.original} />
        </div>
      ),
    }),
  ];

  return (
    <Page title="Kuponlar" actions={<Button onClick={() => setEditing('new')}>Kupon ekle</Button>}>
      {list.isPending && <Loading />}
      {list.isError && <FormError message={messageOf(list.error)} />}
      {list.data?.length === 0 && <p>Henüz kupon yok.</p>}
      {list.data && list.data.length > 0 && (
        <DataTable data={list.data} columns={columns} caption="Kupon listesi" />
      )}
      {editing && (
        <CouponDialog
          {...(editing === 'new' ? {} : { coupon: editing })}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Page>
  );
}
