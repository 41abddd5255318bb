import { accountHeaders, accountMeta } from '../account/meta.ts';
import { AccountRouteError } from '../account/route-error.tsx';
import { checkoutData, placeOrder, redirectCustomerToUserCheckout } from '../checkout/checkout.server.ts';
import { CheckoutPage } from '../checkout/checkout-page.tsx';
import { i18n } from '../i18n/index.ts';
import type { Route } from './+types/checkout';
import '../i18n/tr-checkout.ts';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('checkout.title'));

/** The guest checkout; a logged-in customer is taken to /user-checkout. */
export async function loader(args: Route.LoaderArgs) {
  await redirectCustomerToUserCheckout(args);
  return checkoutData(args);
}

export const action = (args: Route.ActionArgs) => placeOrder(args);

export const headers = accountHeaders;

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} failure={actionData} customer={null} addresses={[]} />;
}

export function ErrorBoundary() {
  return <AccountRouteError />;
}
