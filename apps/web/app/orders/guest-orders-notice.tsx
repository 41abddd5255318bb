import { FormAlert, FormNotice, IntentButton } from '../account/form.tsx';
import { useTranslation } from '../i18n/index.ts';

/**
 * Siparişlerim's word on the guest orders of the customer's e-mail address: how many wait, the button that
 * e-mails the proving link, and what came of it (sent, added, refused).
 */
export function GuestOrdersNotice({
  waiting,
  linked,
  sent,
  error,
}: {
  waiting: number;
  /** Orders the link just added, after its redirect; null otherwise. */
  linked: number | null;
  sent: boolean | undefined;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {linked !== null && <FormNotice>{t('orders.guestLinked', { count: linked })}</FormNotice>}
      {error && <FormAlert>{error}</FormAlert>}
      {sent ? (
        <FormNotice>{t('orders.guestSent')}</FormNotice>
      ) : (
        waiting > 0 && (
          <section
            aria-labelledby="guest-orders"
            className="rounded-2xl border border-sand-200 bg-sand-50 p-5 text-sm text-ink-800"
          >
            <h2 id="guest-orders" className="text-base font-semibold text-ink-900">
              {t('orders.guestTitle', { count: waiting })}
            </h2>
            <p className="mt-1 mb-4">{t('orders.guestText')}</p>
            <IntentButton intent="guest-orders">{t('orders.guestSend')}</IntentButton>
          </section>
        )
      )}
    </>
  );
}
