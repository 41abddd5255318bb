import { useTranslation } from '../i18n/index.ts';

/** The spec's error screen: status code, message, 'Sayfa Bulunamadı' and an 'Anasayfa' button to '/'. */
export function ErrorScreen({
  status,
  message,
  inside = false,
}: {
  status: number;
  message: string;
  /** Rendered inside a page that already has its `main` (the account panel). */
  inside?: boolean;
}) {
  const { t } = useTranslation();
  const Tag = inside ? 'div' : 'main';
  return (
    <Tag
      {...(inside ? {} : { id: 'main' })}
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center"
    >
      <p className="text-7xl font-bold text-clay-700" data-testid="error-status">
        <span className="sr-only">{t('error.status')}: </span>
        {status}
      </p>
      <h1 className="mt-4 text-3xl font-semibold text-ink-900">{t('error.notFound')}</h1>
      <p className="mt-3 break-all text-ink-600" data-testid="error-message">
        {message}
      </p>
      {/* A plain link: after an error the router state may be broken, a full load is the safe way home. */}
      <a href="/" className="mt-8 rounded-lg bg-clay-700 px-6 py-3 font-medium text-white hover:bg-clay-800">
        {t('error.home')}
      </a>
    </Tag>
  );
}
