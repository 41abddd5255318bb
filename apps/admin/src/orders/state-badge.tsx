import { stateTone } from '../dashboard/figures.tsx';
import { Badge } from '../ui/badge.tsx';

export function StateBadge({ state }: { state: { code: number; label: string } }) {
  return <Badge tone={stateTone(state.code)}>{state.label}</Badge>;
}
