import { useQuery } from '@tanstack/react-query';
import type { ShippingProviderName } from '@vitrin/shared/api/admin/settings';
import { useId } from 'react';
import { messageOf } from '../lib/api.ts';
import { Badge } from '../ui/badge.tsx';
import { HealthRow, ServiceHealthBox, ServiceHealthRows } from '../ui/service-health.tsx';
import { CARRIER_KEYS, type CarrierHealth, carrierHealthQuery, carrierState } from './carrier-health-api.ts';

function CarrierCard({ c, chosen }: { c: CarrierHealth; chosen: boolean }) {
  const headingId = useId();
  const state = carrierState(c, chosen);
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-stone-300 p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          {c.name}
        </h3>
        <Badge tone={state.tone}>{state.text}</Badge>
        {chosen && <Badge tone="info">Seçili</Badge>}
      </div>
      <ServiceHealthRows
        configured={c.configured}
        keys={CARRIER_KEYS[c.carrier]}
        lastSuccessAt={c.lastSuccessAt}
        lastError={c.lastError}
        lastErrorAt={c.lastErrorAt}
        extra={
          <>
            <HealthRow term="Açık gönderiler">{c.openShipments}</HealthRow>
            <HealthRow term="Okunamayan gönderiler">
              <span className={c.failingShipments > 0 ? 'font-medium text-red-800' : undefined}>
                {c.failingShipments}
              </span>
            </HealthRow>
          </>
        }
      />
    </article>
  );
}

/**
 * The carriers' health beside the shipping settings: whether each carrier's keys are set, the last status read
 * it answered, its last failure and when, and its open and failing shipments (`GET /shipping/health`).
 */
export function CarrierHealthView({ provider }: { provider: ShippingProviderName }) {
  const health = useQuery(carrierHealthQuery);
  return (
    <ServiceHealthBox
      title="Kargo bağlantısı"
      refreshing={health.isFetching}
      onRefresh={() => void health.refetch()}
      error={health.isError ? messageOf(health.error) : null}
    >
      {health.data && (
        <>
          <p className="text-sm text-stone-700">
            Etiketi alınmış, “Kargoya Verildi” ya da “Kargoda” durumundaki siparişlerin kargo durumu{' '}
            {health.data.intervalMinutes} dakikada bir kargo firmasından okunur. Son başarılı yanıt, kargo
            firmasının mağazanın bir çağrısına en son yanıt verdiği andır.
          </p>
          <div className="grid gap-3 md:grid-cols-2">
            {health.data.carriers.map((c) => (
              <CarrierCard key={c.carrier} c={c} chosen={provider === c.carrier} />
            ))}
          </div>
        </>
      )}
    </ServiceHealthBox>
  );
}
