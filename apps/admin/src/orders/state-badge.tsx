import type { OrderBadge } from '@vitrin/shared/order-states';
import { Badge } from '../ui/badge.tsx';
import { STATE_TONES } from './orders-api.ts';

export function StateBadge({ state }: { state: { label: string; badge: string } }) {
  return <Badge tone={STATE_TONES[state.badge as OrderBadge] ?? 'neutral'}>{state.label}</Badge>;
}
