import { useQuery } from '@tanstack/react-query';
import type { PaymentSettingsAnswer } from '@vitrin/shared/api/admin/payment-settings';
import type { AdminSettings } from '@vitrin/shared/api/admin/settings';
import { useState } from 'react';
import { api, messageOf } from '../lib/api.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { FormSelect } from '../ui/form-fields.tsx';
import { Loading } from '../ui/page.tsx';
import { SettingsSection } from './settings-section.tsx';

type ProviderState = PaymentSettingsAnswer['providers'][number];

const MODES: Record<string, string> = {
  test: 'Test bankası (demo ve geliştirme)',
  sandbox: 'Test ortamı (sandbox)',
  live: 'Canlı',
};

/** A provider's state in words: ready and its mode, or why it is not ready. */
function ProviderLine({ provider, chosen }: { provider: ProviderState; chosen: boolean }) {
  const keys = provider.keys.map((k) => `${k.name} ${k.set ? 'tanımlı' : 'yok'}`).join(' · ');
  return (
    <li className="flex flex-col gap-1 border-t border-stone-200 pt-3">
      <p className="flex flex-wrap items-center gap-2">
        <strong>{provider.label}</strong>
        {chosen && <Badge tone="info">Seçili</Badge>}
        {provider.ready ? (
          <Badge tone="good">Hazır · {MODES[provider.mode ?? ''] ?? provider.mode}</Badge>
        ) : (
          <Badge tone="warn">Hazır değil</Badge>
        )}
      </p>
      {provider.reason && <p className="text-sm text-stone-700">{provider.reason}</p>}
      {keys && <p className="text-sm break-words text-stone-700">{keys}</p>}
    </li>
  );
}

/** PayTR's notification URL, which the owner enters in PayTR's merchant panel, with a copy button. */
function NotifyUrl({ url }: { url: string }) {
  const [copied, setCopied] = useState<string>('');
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        PayTR Bildirim URL'si (PayTR mağaza panelindeki "Bildirim URL" alanına girin):
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="rounded bg-stone-100 px-3 py-2 font-mono text-sm break-all">{url}</code>
        <Button
          look="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setCopied("Bildirim URL'si panoya kopyalandı.");
            } catch {
              setCopied('Kopyalanamadı; adresi seçip kendiniz kopyalayın.');
            }
          }}
        >
          Kopyala<span className="sr-only"> (PayTR Bildirim URL'si)</span>
        </Button>
      </div>
      <p role="status" className="text-sm text-green-800">
        {copied}
      </p>
    </div>
  );
}

/**
 * "Kart ödemesi": which provider takes card payments (saved as `payment_provider` with the settings' own
 * save), each provider's state and keys (by name: whether set, never their values) and PayTR's notify URL.
 */
export function PaymentSection({ settings }: { settings: AdminSettings }) {
  const query = useQuery({
    queryKey: ['settings', 'payments'],
    queryFn: () => api.get<PaymentSettingsAnswer>('/settings/payments'),
  });
  const answer = query.data;
  // The select is drawn with its options at once, so that it shows the saved provider.
  if (!answer) return query.isError ? <FormError message={messageOf(query.error)} /> : <Loading />;
  const chosen = answer.providers.find((p) => p.name === settings.payment_provider);
  return (
    <SettingsSection title="Kart ödemesi" settings={settings} keys={['payment_provider']}>
      {(form) => (
        <>
          <FormSelect form={form} name="payment_provider" label="Ödeme sağlayıcısı">
            {answer.providers.map((p) => (
              <option
                key={p.name}
                value={p.name}
                // The test bank only where the server allows it (the demo shop and development).
                disabled={p.name === 'test' && !p.ready && p.name !== settings.payment_provider}
              >
                {p.label}
                {p.name === 'test' && !p.ready ? ' (yalnızca demo mağaza)' : ''}
              </option>
            ))}
          </FormSelect>
          {chosen && !chosen.ready && (
            <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              <strong>Kartla ödeme şu an kapalı.</strong> {chosen.reason} Havale ve kapıda ödeme çalışır.
            </p>
          )}
          <ul aria-label="Sağlayıcıların durumu" className="flex flex-col gap-3">
            {answer.providers.map((p) => (
              <ProviderLine key={p.name} provider={p} chosen={p.name === settings.payment_provider} />
            ))}
          </ul>
          <p className="text-sm text-stone-700">
            Anahtarlar veritabanında değil, sunucunun ortam değişkenlerinde durur ve tarayıcıya hiç
            gönderilmez: iyzico için IYZICO_API_KEY, IYZICO_SECRET_KEY (IYZICO_BASE_URL boşsa sandbox); PayTR
            için PAYTR_MERCHANT_ID, PAYTR_MERCHANT_KEY, PAYTR_MERCHANT_SALT (PAYTR_TEST_MODE=1 test modu).
            Değiştirdikten sonra sunucuyu yeniden başlatın.
          </p>
          <NotifyUrl url={answer.paytrNotifyUrl} />
        </>
      )}
    </SettingsSection>
  );
}
