import { queryOptions } from '@tanstack/react-query';
import type { CarrierHealthAnswer, CarrierHealthView } from '@vitrin/shared/api/admin/shipping-health';
import { api } from '../lib/api.ts';
import type { Tone } from '../ui/badge.tsx';

/** One carrier's health as `GET /api/admin/shipping/health` answers it. */
export type CarrierHealth = CarrierHealthView;

export const carrierHealthQuery = queryOptions({
  queryKey: ['shipping', 'health'],
  queryFn: () => api.get<CarrierHealthAnswer>('/shipping/health'),
});

/** The environment variables a carrier's keys are read from. */
export const CARRIER_KEYS: Record<CarrierHealth['carrier'], string> = {
  geliver: 'GELIVER_API_TOKEN',
  yurtici: 'YURTICI_USERNAME ve YURTICI_PASSWORD',
};

/**
 * A carrier's state in a few words with its tone: keys missing (a fault only when it is the chosen carrier),
 * its last call failed after (or without) a good one, some open shipments unread, working, or not called yet.
 */
export function carrierState(c: CarrierHealth, chosen: boolean): { tone: Tone; text: string } {
  if (!c.configured)
    return chosen ? { tone: 'bad', text: 'Anahtarlar eksik' } : { tone: 'neutral', text: 'Kurulu değil' };
  const failedLast =
    c.lastErrorAt !== null &&
    (c.lastSuccessAt === null || Date.parse(c.lastErrorAt) > Date.parse(c.lastSuccessAt));
  if (failedLast) return { tone: 'bad', text: 'Son çağrı başarısız' };
  if (c.failingShipments > 0) return { tone: 'warn', text: 'Okunamayan gönderi var' };
  if (c.lastSuccessAt !== null) return { tone: 'good', text: 'Çalışıyor' };
  return { tone: 'neutral', text: 'Henüz çağrı yok' };
}
