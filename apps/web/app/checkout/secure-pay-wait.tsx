import { useEffect, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { useTranslation } from '../i18n/index.ts';

/** How often and how long the page asks again for the provider's answer: every 2 s, for a minute. */
const POLL_MS = 2_000;
const POLL_TRIES = 30;

/**
 * The shopper is back from the provider's hosted form before its answer arrived: the page asks the session
 * again (its loader) until the answer is there, then shows what it shows for a paid or failed order. After
 * a minute without an answer it says so and `onGiveUp` lets the page offer the pay button again.
 */
export function SecurePayWait({ onGiveUp }: { onGiveUp: () => void }) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const here = useLocation();
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (tries >= POLL_TRIES) {
      onGiveUp();
      return;
    }
    const timer = setTimeout(() => {
      void revalidate().finally(() => setTries((n) => n + 1));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [tries, onGiveUp, revalidate]);
  return (
    <div
      role="status"
      className="mt-6 flex items-start gap-3 rounded-lg bg-sand-100 p-4 text-sm text-ink-900"
    >
      <span
        aria-hidden="true"
        className="mt-0.5 inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-ink-600 border-t-transparent motion-reduce:animate-none"
      />
      <div>
        <p className="font-medium">{t('securePay.verifying')}</p>
        <p className="mt-1 text-ink-700">{t('securePay.verifyingText')}</p>
        <noscript>
          <a
            href={`${here.pathname}${here.search}`}
            className="mt-2 inline-block font-medium text-clay-700 underline underline-offset-2"
          >
            {t('securePay.refresh')}
          </a>
        </noscript>
      </div>
    </div>
  );
}
