import { redirect } from 'react-router';
import { NO_STORE } from '../account/meta.ts';
import { redirectWithCookies } from '../account/session.server.ts';
import type { Route } from './+types/logout';

/**
 * `POST /logout`: the panel menu's "Çıkış Yap" without JavaScript (with it, the header's logout calls the
 * API and goes home the same way). Ends this request's session and expires its cookies.
 */
export async function action({ context }: Route.ActionArgs) {
  const result = await context.account.logout();
  return redirectWithCookies('/', result.ok ? result.setCookie : []);
}

/** Nothing to show: a GET (a bookmarked or typed address) goes home without logging anyone out. */
export function loader() {
  return redirect('/', { headers: NO_STORE });
}
