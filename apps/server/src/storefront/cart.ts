import type { Services } from '@vitrin/core';
import type { Failure, FormFields, Result } from '@vitrin/shared/api/account-context';
import type { CartView } from '@vitrin/shared/api/cart';
import type { CartContext } from '@vitrin/shared/api/cart-context';
import { addToCartInput } from '@vitrin/shared/api/cart-requests';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE } from '../http/same-origin.ts';
import type { AccountOf } from '../sessions/account.ts';
import { isCrossOriginCartWrite } from '../sessions/cart-cookie.ts';
import { cartRequest, readableOwner, writableOwner } from './cart-request.ts';
import type { CouponLimiter } from './coupon-limits.ts';
import { parseForm } from './forms.ts';
import { refusal, refusalOf } from './results.ts';

const PERSONALIZATION_FIELD = /^p_(.+)$/;

/** A posted number as the API's JSON would carry it; anything else goes through as text for the schema to refuse. */
const numberOf = (value: FormFields[string] | undefined) =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;

/**
 * The `Sepete Ekle` form as the REST body, for the route's schema to parse. Personalization texts come as
 * `p_<key>`; a photo is only sent by the script (it uploads first), so a plain post carries texts only.
 */
function addRequestOf(fields: FormFields): Record<string, unknown> {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const key = PERSONALIZATION_FIELD.exec(name)?.[1];
    if (key && typeof value === 'string' && value.trim()) texts[key] = value.trim();
  }
  const variantId = fields.variantId;
  return {
    productId: numberOf(fields.productId),
    ...(variantId !== undefined && variantId !== '' ? { variantId: numberOf(variantId) } : {}),
    quantity: numberOf(fields.quantity ?? '1'),
    ...(fields.personalized === '1' ? { personalization: { fields: texts } } : {}),
  };
}

export interface CartContextOptions {
  /** `PUBLIC_URL`: writes carrying the cart cookie come from it. */
  publicUrl: string;
  limitCoupon: CouponLimiter;
}

/**
 * The `/cart` page's part of the load context: the same services and cookie as the REST cart
 * (`routes/cart.ts`), for plain form posts.
 */
export function createCartContext(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  accountOf: AccountOf,
  { publicUrl, limitCoupon }: CartContextOptions,
): CartContext {
  const publicOrigin = new URL(publicUrl).origin;

  /** A write with the ambient cart cookie comes from the shop's own pages; a shopper's mistake is a result. */
  async function write(
    work: () => Promise<{ value: CartView; setCookie: string[] } | Failure>,
  ): Promise<Result<CartView>> {
    if (isCrossOriginCartWrite(request, publicOrigin)) {
      return refusal(403, CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE);
    }
    try {
      const done = await work();
      if ('ok' in done) return done;
      return { ok: true, ...done };
    } catch (err) {
      const refused = refusalOf(err);
      if (refused) return refused;
      throw err;
    }
  }

  return {
    async view() {
      const { owner, buyer } = await cartRequest(request, reply, accountOf);
      return services.cart.view(readableOwner(owner), buyer);
    },
    add: (fields) =>
      write(async () => {
        const current = await cartRequest(request, reply, accountOf);
        const form = parseForm(addToCartInput, addRequestOf(fields));
        if (!form.ok) return form;
        // A new guest gets a token; a guest's own cookie is sent again, so the cart lives on from this add.
        const { owner, setCookie } = writableOwner(request, current);
        return { value: await services.cart.add(owner, form.value, current.buyer), setCookie };
      }),
    setQuantity: (lineId, quantity) =>
      write(async () => {
        const { owner, buyer } = await cartRequest(request, reply, accountOf);
        const value = await services.cart.setQuantity(
          readableOwner(owner),
          lineId,
          { quantity: numberOf(quantity) },
          buyer,
        );
        return { value, setCookie: [] };
      }),
    remove: (lineId) =>
      write(async () => {
        const { owner, buyer } = await cartRequest(request, reply, accountOf);
        return { value: await services.cart.remove(readableOwner(owner), lineId, buyer), setCookie: [] };
      }),
    applyCoupon: (code) =>
      write(async () => {
        const current = await cartRequest(request, reply, accountOf);
        const refused = await limitCoupon(request, reply, current.owner);
        if (refused) return refused;
        const { owner, setCookie } = writableOwner(request, current);
        return { value: await services.cart.applyCoupon(owner, { code }, current.buyer), setCookie };
      }),
    removeCoupon: () =>
      write(async () => {
        const { owner, buyer } = await cartRequest(request, reply, accountOf);
        return { value: await services.cart.removeCoupon(readableOwner(owner), buyer), setCookie: [] };
      }),
  };
}
