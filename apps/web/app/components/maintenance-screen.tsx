import { imageUrl } from '@vitrin/shared/media';
import { useTranslation } from '../i18n/index.ts';

export interface MaintenanceInfo {
  maintenance: true;
  brandName: string;
  logo: string;
  image: string;
  /** The shop's own words (the `maintenance_text` setting). */
  text: string;
  contactEmail: string;
  apiBase: string;
}

export function isMaintenanceInfo(value: unknown): value is MaintenanceInfo {
  return (
    typeof value === 'object' && value !== null && (value as { maintenance?: unknown }).maintenance === true
  );
}

/** Shown instead of the whole site while `is_online` is 0 and the visitor holds no bypass (spec section 1). */
export function MaintenanceScreen({ info }: { info: MaintenanceInfo }) {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center bg-sand-50 px-4 py-12 text-center"
    >
      <img
        src={imageUrl(info.logo, info.apiBase)}
        alt={info.brandName}
        width={240}
        height={56}
        className="h-14 w-auto"
      />
      <h1 className="mt-8 text-3xl font-semibold text-ink-900">{t('maintenance.heading')}</h1>
      <p className="mt-4 max-w-xl text-lg whitespace-pre-line text-ink-700">{info.text}</p>
      <img
        src={imageUrl(info.image, info.apiBase)}
        alt={t('maintenance.imageAlt')}
        width={640}
        height={420}
        className="mt-10 h-auto w-full max-w-xl"
      />
      <p className="mt-8 text-sm text-ink-600">{t('maintenance.contact', { email: info.contactEmail })}</p>
    </main>
  );
}

/** On top of every page a signed-in staff member (or a bypass visitor) sees while the shop is in maintenance. */
export function MaintenancePreviewBar() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('maintenance.title')}
      data-testid="maintenance-preview"
      className="bg-red-800 px-4 py-2 text-center text-sm font-medium text-white"
    >
      {t('maintenance.previewBar')}{' '}
      <a href="/admin" className="underline underline-offset-2">
        {t('maintenance.previewLink')}
      </a>
    </aside>
  );
}
