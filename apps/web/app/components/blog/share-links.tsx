import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';

const NETWORKS = [
  {
    name: 'X (Twitter)',
    href: (u: string, t: string) => `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
  },
  { name: 'Facebook', href: (u: string) => `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  { name: 'WhatsApp', href: (u: string, t: string) => `https://wa.me/?text=${t}%20${u}` },
  { name: 'LinkedIn', href: (u: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
] as const;

const button =
  'inline-flex items-center rounded-full border border-sand-300 bg-white px-3 py-1.5 text-sm text-ink-800 hover:border-clay-700';

/** Share links (plain links: no third-party script on the page) and a copy-link button. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t('blog.copied'));
    } catch {
      setStatus(t('blog.copyFailed'));
    }
  }
  return (
    <section aria-labelledby="share-title" className="flex flex-wrap items-center gap-2">
      <h2 id="share-title" className="mr-1 text-sm font-semibold text-ink-900">
        {t('blog.share')}:
      </h2>
      <ul className="flex flex-wrap gap-2">
        {NETWORKS.map((n) => (
          <li key={n.name}>
            <a
              href={n.href(u, text)}
              target="_blank"
              rel="noopener noreferrer"
              className={button}
              aria-label={t('blog.shareOn', { network: n.name })}
            >
              {n.name}
            </a>
          </li>
        ))}
        <li>
          <button type="button" onClick={copy} className={button}>
            {t('blog.copyLink')}
          </button>
        </li>
      </ul>
      <p role="status" className="w-full text-sm text-ink-800 empty:hidden">
        {status}
      </p>
    </section>
  );
}
