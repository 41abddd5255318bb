import { Badge, type Tone } from '../ui/badge.tsx';

const TONES: Record<string, Tone> = { warning: 'warn', success: 'good', dark: 'neutral' };

/** A ticket's state (Açık, Yanıtlandı, Kapandı) in the colour the storefront gives it. */
export function TicketBadge({ status }: { status: { label: string; badge: string } }) {
  return <Badge tone={TONES[status.badge] ?? 'neutral'}>{status.label}</Badge>;
}
