import type { OrderBadge } from '@vitrin/shared/order-states';
import type { ComponentProps } from 'react';

/** The glossary's badge colours, each dark text on a light ground (contrast ≥ 4.5:1). */
const BADGE_CLASSES: Record<OrderBadge, string> = {
  secondary: 'bg-sand-100 text-ink-800 border-ink-600/40',
  info: 'bg-sky-50 text-sky-900 border-sky-700/40',
  primary: 'bg-blue-50 text-blue-900 border-blue-700/40',
  warning: 'bg-amber-50 text-amber-900 border-amber-700/40',
  success: 'bg-green-50 text-green-900 border-green-700/40',
  danger: 'bg-red-50 text-red-900 border-red-700/40',
  dark: 'bg-ink-900 text-white border-ink-900',
};

/** A state's label in its badge colour (order states, ticket statuses). */
export function StatusBadge({ badge, ...rest }: { badge: OrderBadge } & ComponentProps<'span'>) {
  return (
    <span
      className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold ${BADGE_CLASSES[badge]}`}
      {...rest}
    />
  );
}
