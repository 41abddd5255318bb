import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkOrderStatusAnswer } from '@vitrin/shared/api/admin/orders';
import { ORDER_STATE, ORDER_STATE_CODES, ORDER_STATES } from '@vitrin/shared/order-states';
import { useId, useState } from 'react';
import { api, messageOf } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { FormError, Select } from '../ui/field.tsx';

// Shipping is one order at a time (each parcel its own tracking number); the server checks each order.
// Received and PaymentFailed are entered only by payments.
const NOT_IN_BULK: readonly number[] = [ORDER_STATE.Shipped, ORDER_STATE.Received, ORDER_STATE.PaymentFailed];
const BULK_STATES = ORDER_STATE_CODES.filter((code) => !NOT_IN_BULK.includes(code));

/** The selected orders to one state; the result of each order is listed (one refused stops no other). */
export function BulkStatus({ numbers, onDone }: { numbers: string[]; onDone: () => void }) {
  const client = useQueryClient();
  const selectId = useId();
  const [status, setStatus] = useState('');
  const change = useMutation({
    mutationFn: () => api.post<BulkOrderStatusAnswer>('/orders/status', { numbers, status: Number(status) }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['orders'] });
      onDone();
    },
  });
  const refused = change.data?.results.filter((r) => !r.ok) ?? [];

  return (
    <section
      aria-label="Toplu durum değişikliği"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        <p className="text-sm font-medium">{numbers.length} sipariş seçildi</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">
            Yeni durum
          </label>
          <Select id={selectId} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Seçin</option>
            {BULK_STATES.map((code) => (
              <option key={code} value={String(code)}>
                {ORDER_STATES[code].label}
              </option>
            ))}
          </Select>
        </div>
        <Button
          disabled={!status || numbers.length === 0 || change.isPending}
          onClick={() => change.mutate()}
        >
          Seçilenlere uygula
        </Button>
      </div>
      {change.isError && <FormError message={messageOf(change.error)} />}
      {change.data && (
        <div role="status" className="text-sm">
          <p>
            {change.data.results.length - refused.length} sipariş değişti
            {refused.length > 0 ? `, ${refused.length} sipariş değişmedi:` : '.'}
          </p>
          {refused.length > 0 && (
            <ul className="list-disc pl-5">
              {refused.map((r) => (
                <li key={r.orderNo}>
                  {r.orderNo}: {r.error?.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
