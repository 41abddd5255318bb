import type { OrderStateView } from '@vitrin/shared/api/orders';
import { StatusBadge } from '../components/status-badge.tsx';

export function OrderBadge({ state }: { state: OrderStateView }) {
  return (
    <StatusBadge badge={state.badge} data-state={state.code}>
      {state.label}
    </StatusBadge>
  );
}
