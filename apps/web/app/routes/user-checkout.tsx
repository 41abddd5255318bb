import { accountHeaders, accountMeta } from '../account/meta.ts';
import { AccountRouteError } from '../account/route-error.tsx';
import { requireCustomer, valueOrThrow } from '../account/session.server.ts';
import { checkoutData, placeOrder } from '../checkout/checkout.server.ts';
import { CheckoutPage } from '../checkout/checkout-page.tsx';
import { i18n } from '../i18n/index.ts';
import type { Route } from './+types/user-checkout';
import '../i18n/tr-checkout.ts';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('checkout.title'));

/** The customer's checkout (guarded: a guest is sent to log in and comes back here). */
export async function loader(args: Route.LoaderArgs) {
  const customer = await requireCustomer(args);
  const addresses = valueOrThrow(args.request, await args.context.account.addresses.list());
  return { ...(await checkoutData(args)), customer, addresses };
}

export const action = (args: Route.ActionArgs) => placeOrder(args);

export const headers = accountHeaders;

export default function UserCheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, addresses, ...data } = loaderData;
  return <CheckoutPage data={data} failure={actionData} customer={customer} addresses={addresses} />;
}

export function ErrorBoundary() {
  return <AccountRouteError />;
}
