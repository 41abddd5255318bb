/**
 * The checkout pages post one flat form (`shippingAddress.firstName`, `billingAddressId`, …); the checkout
 * service takes a `CheckoutRequest`. This turns the one into the other and maps the service's field errors
 * back onto the form's field names. Nothing is validated here: the service validates everything.
 */
type Fields = Record<string, unknown>;

/** The invoice details of an address: with "same as shipping" they are typed under the billing heading. */
const INVOICE_FIELDS = ['billingType', 'tcKimlikNo', 'companyName', 'taxNumber', 'taxOffice'] as const;

const text = (fields: Fields, name: string): string | undefined => {
  const value = fields[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

const checked = (fields: Fields, name: string) => fields[name] === 'on' || fields[name] === 'true';

/** The fields under `prefix` (without it), or undefined when there are none. */
function group(fields: Fields, prefix: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name.startsWith(prefix) && typeof value === 'string') out[name.slice(prefix.length)] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A saved address's id as posted by a radio (`12`), or undefined for none / a new address. */
function savedId(fields: Fields, name: string): number | undefined {
  const value = text(fields, name);
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

export interface CheckoutForm {
  request: Record<string, unknown>;
  /** Maps a field path of the service's errors to the form field that shows it. */
  fieldName(path: string): string;
}

export function checkoutRequestFromForm(fields: Fields): CheckoutForm {
  const request: Record<string, unknown> = {
    paymentMethod: text(fields, 'paymentMethod'),
    acceptTerms: checked(fields, 'acceptTerms'),
  };
  for (const name of ['email', 'phone', 'note', 'createAccountPassword'] as const) {
    const value = text(fields, name);
    if (value !== undefined) request[name] = value;
  }
  const instalments = text(fields, 'instalments');
  if (instalments !== undefined)
    request.instalments = /^\d{1,2}$/.test(instalments) ? Number(instalments) : instalments;

  const shippingId = savedId(fields, 'shippingAddressId');
  const shipping = group(fields, 'shippingAddress.');
  if (shippingId !== undefined) request.shippingAddressId = shippingId;
  else if (shipping) request.shippingAddress = shipping;

  let invoiceMovedToShipping = false;
  const billingChoice = text(fields, 'billingAddressId');
  const billingId = savedId(fields, 'billingAddressId');
  const billing = group(fields, 'billingAddress.');
  if (billingChoice === 'same') {
    request.billingSameAsShipping = true;
  } else if (billingId !== undefined) {
    request.billingAddressId = billingId;
  } else if (checked(fields, 'billingSameAsShipping') && shipping) {
    // The shipping address is the invoice address; its invoice details were typed under "Fatura".
    request.billingSameAsShipping = true;
    const invoice = Object.fromEntries(
      INVOICE_FIELDS.flatMap((k) => (billing?.[k] ? [[k, billing[k]]] : [])),
    );
    request.shippingAddress = { ...shipping, ...invoice };
    invoiceMovedToShipping = true;
  } else if (billing) {
    request.billingAddress = billing;
  }

  return {
    request,
    fieldName(path) {
      const [head, field] = path.split('.', 2);
      if (invoiceMovedToShipping && head === 'shippingAddress' && INVOICE_FIELDS.includes(field as never)) {
        return `billingAddress.${field}`;
      }
      return path;
    },
  };
}
