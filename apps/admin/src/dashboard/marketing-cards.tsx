import type { DashboardAnswer } from '@vitrin/shared/api/admin/dashboard';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { Card, money } from './figures.tsx';

/**
 * This month's abandoned-cart reminders: how many went, how many carts an order followed (within 7 days), and
 * those orders' revenue (only for a role with `reports.read`); and the reviews waiting for moderation, with a
 * link to the reviews screen for a role that may open it.
 */
export function MarketingCards({ d, canSeeReviews }: { d: DashboardAnswer; canSeeReviews: boolean }) {
  const { reminded, recovered, revenueMinor } = d.cartRecovery;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <div className="sm:col-span-2">
        <Card title="Terk edilen sepetler">
          <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
            <div>
              <dt className="text-sm text-stone-700">Bu ay gönderilen hatırlatma</dt>
              <dd className="text-2xl font-semibold text-stone-900">{reminded}</dd>
            </div>
            <div>
              <dt className="text-sm text-stone-700">Geri kazanılan sepet</dt>
              <dd className="text-2xl font-semibold text-stone-900">{recovered}</dd>
            </div>
            {revenueMinor !== undefined && (
              <div>
                <dt className="text-sm text-stone-700">Geri kazanılan ciro</dt>
                <dd className="text-2xl font-semibold text-stone-900">{money(revenueMinor)}</dd>
              </div>
            )}
          </dl>
        </Card>
      </div>
      <Card title="Onay bekleyen değerlendirmeler">
        <p>
          <span className="block text-2xl font-semibold text-stone-900">{d.pendingReviews}</span>
          {/* The reviews screen opens on the pending ones. */}
          {canSeeReviews && (
            <Link
              to={paths.reviews}
              className="text-sm font-medium text-amber-900 underline hover:text-amber-950"
            >
              Değerlendirmelere git
            </Link>
          )}
        </p>
      </Card>
    </div>
  );
}
