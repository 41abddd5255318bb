import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import { stockAlertInput } from '@vitrin/shared/api/stock-alerts';
import { z } from '@vitrin/shared/zod';
import type { Operation } from '../operation.ts';

const error = (description: string) => ({ description, schema: apiErrorBodySchema });

/** The "Gelince haber ver" routes as OpenAPI operations (`openapi.ts` lists them with the rest). */
export const stockAlertOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/front/stock-alerts',
    summary:
      'Gelince haber ver: mails a confirmation link to the address (KVKK consent required); once confirmed, one e-mail when the sold-out product or variant is in stock again. The same answer for a new or a repeated request',
    tag: 'catalog',
    body: stockAlertInput,
    responses: {
      202: { description: 'Link sent', schema: z.object({ ok: z.literal(true), message: z.string() }) },
      400: error('GECERSIZ_ISTEK: e-mail, product or KVKK consent missing or invalid'),
      404: error('URUN_BULUNAMADI'),
      409: error('STOKTA_VAR: the product can be bought now'),
      429: error('COK_FAZLA_ISTEK: five confirmation mails to one address in an hour'),
      503: error('Mağaza bakımda (yazma istekleri)'),
    },
  },
  {
    method: 'post',
    path: '/api/front/stock-alerts/confirm',
    summary:
      'Confirms a request with the token of its e-mailed link (valid 7 days); answers the product’s slug',
    tag: 'catalog',
    body: z.object({ token: z.string() }),
    responses: {
      200: { description: 'Confirmed', schema: z.object({ slug: z.string() }) },
      400: error('ONAY_GECERSIZ: unknown or expired link'),
      503: error('Mağaza bakımda (yazma istekleri)'),
    },
  },
];
