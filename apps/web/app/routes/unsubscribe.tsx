import { data } from 'react-router';
import { accountHeaders, accountMeta, NO_STORE } from '../account/meta.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/unsubscribe';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('unsubscribe.title'));

/**
 * The unsubscribe link of every marketing e-mail: opening it withdraws the e-mail consent at once, without a
 * login (the token is the proof), and says so; a second visit says the same. An unknown token is a 404 page
 * of its own. Never cached: each visit must reach the database. (The mail provider's one-click `POST` to the
 * same address is answered by the server, `api/marketing/routes.ts`.)
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { found } = await context.unsubscribe(params.token);
  return data({ found }, { status: found ? 200 : 404, headers: NO_STORE });
}

export const headers = accountHeaders;

export default function UnsubscribeRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
      {loaderData.found ? (
        <>
          <h1 className="text-3xl font-semibold text-ink-900">{t('unsubscribe.done')}</h1>
          <p className="mt-4 text-ink-800">{t('unsubscribe.doneText')}</p>
          <p className="mt-3 text-ink-700">{t('unsubscribe.again')}</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold text-ink-900">{t('unsubscribe.unknownTitle')}</h1>
          <p className="mt-4 text-ink-800">{t('unsubscribe.unknown')}</p>
        </>
      )}
      <AppLink
        to="/"
        className="mt-8 inline-block rounded-lg bg-clay-700 px-5 py-2.5 font-medium text-white hover:bg-clay-800"
      >
        {t('unsubscribe.home')}
      </AppLink>
    </main>
  );
}
