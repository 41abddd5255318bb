import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import '../i18n/tr-secure-pay.ts';

/** How often the page asks again for the provider's answer. */
const POLL_MS = 2_000;

/** Safe inside a double-quoted attribute and as element text (the noscript HTML below). */
const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The shopper is back from the provider's hosted form before its answer arrived: the page asks the session
 * again (its loader) every two seconds until the answer is there, then shows what it shows for a paid or
 * failed order. After `limitMs` (a minute) without an answer it says so and `onGiveUp` lets the page offer
 * the pay button again. Without JavaScript the page reloads itself (`refresh`) instead.
 */
export function SecurePayWait({
  onGiveUp,
  limitMs,
  refresh,
}: {
  onGiveUp: () => void;
  limitMs: number;
  refresh: { seconds: number; href: string };
}) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (tries >= Math.ceil(limitMs / POLL_MS)) {
      onGiveUp();
      return;
    }
    const timer = setTimeout(() => {
      void revalidate().finally(() => setTries((n) => n + 1));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [tries, limitMs, onGiveUp, revalidate]);
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
        {/* Read only where scripts do not run: the page reloads itself, and the link does the same. */}
        <noscript
          dangerouslySetInnerHTML={{
            __html: `<meta http-equiv="refresh" content="${refresh.seconds};url=${escapeHtml(refresh.href)}"><a href="${escapeHtml(refresh.href)}" class="mt-2 inline-block font-medium text-clay-700 underline underline-offset-2">${escapeHtml(t('securePay.refresh'))}</a>`,
          }}
        />
      </div>
    </div>
  );
}
