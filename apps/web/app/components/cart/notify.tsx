import type { AddToCartRequest } from '@vitrin/shared/api/cart';
import { i18n } from '../../i18n/index.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { type ApiFailure, apiFailure, cartApi } from '../../lib/cart.ts';
import { showErrorToast, showSuccessToast } from '../../lib/toasts.tsx';
import { AppLink } from '../app-link.tsx';

function AddedToast() {
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {i18n.t('cart.added')}
      <AppLink to="/cart" className="font-semibold text-clay-700 underline underline-offset-2">
        {i18n.t('cart.goToCart')}
      </AppLink>
    </span>
  );
}

/**
 * Puts a product in the cart and says so: "Ürün sepete eklendi" with a link to the cart, or the server's
 * Turkish reason in an error toast. Answers the refusal (with its field messages) so a form can mark its
 * fields; network failures are toasted by the API provider and answer null as well.
 */
export async function addToCart(api: ApiClient, body: AddToCartRequest): Promise<ApiFailure | null> {
  try {
    await cartApi.add(api, body);
    showSuccessToast(<AddedToast />, 'cart-added');
    return null;
  } catch (error) {
    const failure = apiFailure(error);
    if (failure) showErrorToast(failure.message, 'cart-add-error');
    return failure;
  }
}
