import type { Result } from '@vitrin/shared/api/account-context';
import { data } from 'react-router';
import { NO_STORE } from '../account/meta.ts';
import { formFields, redirectWithCookies } from '../account/session.server.ts';
import { safeReturnTo } from '../lib/return-to.ts';

/** The list page's query after a plain post added a product: which one, and the page the shopper came from. */
const ADDED = 'added';
const RETURN_TO = 'returnTo';

interface ListWrites {
  add(productId: string): Promise<Result<unknown>>;
  remove(productId: string): Promise<Result<unknown>>;
}

/**
 * The plain form posts of `/wishlist` and `/compare` (without JavaScript): a product's button on another
 * page adds (`intent=add`, with its page as `returnTo`), the list page's own buttons remove. Done, the list
 * is shown again at `back` (after an add with a notice and the way back); a refusal (the compare limit, a
 * product no longer sold, a post from another site) is shown above the list with the service's status.
 */
export async function listAction(request: Request, writes: ListWrites, back: string) {
  const fields = await formFields(request);
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  const productId = text('productId').trim();
  const returnTo = safeReturnTo(text(RETURN_TO));
  const adding = text('intent') === 'add';
  const result = adding ? await writes.add(productId) : await writes.remove(productId);
  if (!result.ok) {
    // A button has no field to mark: the product number's own message says what was wrong.
    const message = result.error.fields?.productId ?? result.error.message;
    return data({ message, returnTo }, { status: result.status, headers: NO_STORE });
  }
  if (!adding) return redirectWithCookies(back, result.setCookie);
  const url = new URL(back, 'http://vitrin.invalid');
  url.searchParams.set(ADDED, productId);
  if (returnTo) url.searchParams.set(RETURN_TO, returnTo);
  return redirectWithCookies(url.pathname + url.search, result.setCookie);
}

/**
 * The notice after a plain post added a product, when that product really is in the list (the address can be
 * typed by anyone), with the checked way back to the page it was added from.
 */
export function addedNotice(request: Request, ids: readonly number[]): { returnTo: string | null } | null {
  const params = new URL(request.url).searchParams;
  if (!ids.includes(Number(params.get(ADDED)))) return null;
  return { returnTo: safeReturnTo(params.get(RETURN_TO)) };
}
