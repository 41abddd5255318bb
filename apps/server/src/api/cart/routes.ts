import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { DomainError, PERSONALIZATION_IMAGE_PATH, type Services } from '@vitrin/core';
import { releaseUpload, reserveUpload, UPLOADS_PER_ADDRESS_HOURLY } from '@vitrin/core/cart/uploads';
import { DISK_FULL_CODE, DISK_FULL_MESSAGE, isDiskFull } from '@vitrin/core/media/disk-full';
import { uploadKey } from '@vitrin/core/storage/keys';
import { MAX_UPLOAD_BYTES } from '@vitrin/shared/api/cart';
import { addToCartInput, couponInput, updateQuantityInput } from '@vitrin/shared/api/cart-requests';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../http/errors.ts';
import type { AccountOf } from '../../sessions/account.ts';
import { refuseCrossOriginCartWrite } from '../../sessions/cart-cookie.ts';
import { cartRequest, claimOwner, readableOwner } from '../../storefront/cart-request.ts';
import type { CouponLimiter } from '../../storefront/coupon-limits.ts';
import { apiRoutes, crossOrigin, errorAnswer } from '../route.ts';
import { answer } from './replies.ts';
import { cartView, refused } from './schemas.ts';

export interface CartRoutesOptions {
  /** `PUBLIC_URL`: writes carrying the cart cookie must come from it. */
  publicUrl: string;
  /** `UPLOADS_BUDGET_MB`: disk the uploads not yet looked at by the hourly purge may take. */
  uploadsBudgetBytes: number;
  /** Coupon codes tried per client and cart, counted with the cart page's form. */
  limitCoupon: CouponLimiter;
}

/** The image types a personalization may carry, recognised by their first bytes (never by name or header). */
function imageTypeOf(bytes: Buffer): 'jpg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

const uploadTooLarge = () =>
  new DomainError(
    413,
    'DOSYA_COK_BUYUK',
    `Görsel en fazla ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB olabilir.`,
    {
      file: 'Dosya çok büyük',
    },
  );
const uploadWrongType = () =>
  new DomainError(415, 'GORSEL_TURU_GECERSIZ', 'Yalnızca JPEG, PNG ya da WebP görsel yükleyebilirsiniz.', {
    file: 'JPEG, PNG ya da WebP seçin',
  });
const uploadMissing = () =>
  new DomainError(400, 'DOSYA_GEREKLI', 'Lütfen bir görsel seçin (çok parçalı form alanı "file").', {
    file: 'Görsel seçin',
  });

/**
 * The cart: reading it, lines, the coupon and personalization image uploads. Every answer is the whole cart
 * (`CartView`), priced on the server. A guest's first write opens a cart and sets the `vitrin_cart` cookie.
 */
export async function registerCartRoutes(
  app: FastifyInstance,
  services: Services,
  accountOf: AccountOf,
  { publicUrl, uploadsBudgetBytes, limitCoupon }: CartRoutesOptions,
) {
  const { cart, files } = services;
  const onRequest = refuseCrossOriginCartWrite(publicUrl);

  /**
   * Only files the upload endpoint stored: a well-formed path whose file is in the shop's store (`/uploads`'s
   * `uploads/personalization/…`, which every node sees).
   */
  async function checkUploadedImage(body: unknown) {
    const image = (body as { personalization?: { image?: unknown } } | null)?.personalization?.image;
    if (typeof image !== 'string' || !PERSONALIZATION_IMAGE_PATH.test(image)) return; // the domain refuses the rest
    if (!(await files.head(uploadKey(image)))) {
      throw new DomainError(
        400,
        'KISISELLESTIRME_GECERSIZ',
        'Yüklediğiniz görsel bulunamadı; lütfen yeniden yükleyin.',
        {
          'personalization.image': 'Görsel bulunamadı; lütfen görseli yeniden yükleyin',
        },
      );
    }
  }

  const route = apiRoutes(app);
  const tag = 'Mağaza: sepet';
  const cart200 = { 200: { description: 'Cart', schema: cartView } };
  const lineId = {
    lineId: z.string().describe('The line id; another cart’s or an unknown one is not found'),
  };
  const noLine = { 404: errorAnswer('SATIR_BULUNAMADI') };

  route({
    method: 'GET',
    url: '/api/front/cart',
    summary: "The shopper's cart (customer session, else the vitrin_cart cookie or X-Cart-Token), priced now",
    tag,
    responses: { 200: { description: 'Cart (empty when there is none)', schema: cartView } },
    handler: async (request, reply) => {
      const { owner, buyer } = await cartRequest(request, reply, accountOf);
      return answer(reply, 200, () => cart.view(readableOwner(owner), buyer));
    },
  });

  route({
    method: 'GET',
    url: '/api/front/cart/count',
    summary: 'Sum of the quantities (header badge)',
    tag,
    responses: { 200: { description: 'Count', schema: z.object({ count: z.number().int() }) } },
    handler: async (request, reply) => {
      const { owner } = await cartRequest(request, reply, accountOf);
      return answer(reply, 200, async () => ({ count: owner ? await cart.count(owner) : 0 }));
    },
  });

  route({
    method: 'POST',
    url: '/api/front/cart/items',
    summary:
      'Adds a product (variant for stock type 2, personalization for type 3) or raises its line; a guest’s first write sets the cart cookie and answers X-Cart-Token',
    tag,
    body: addToCartInput,
    responses: {
      201: { description: 'Cart', schema: cartView },
      ...refused,
      404: errorAnswer('URUN_BULUNAMADI'),
      409: errorAnswer('STOK_YETERSIZ, ADET_SINIRI, SEPET_DOLU, SIPARIS_TUTARI_SINIRI'),
    },
    onRequest,
    handler: async (request, reply) => {
      const current = await cartRequest(request, reply, accountOf);
      return answer(reply, 201, async () => {
        await checkUploadedImage(request.body);
        return cart.add(claimOwner(request, reply, current), request.body, current.buyer);
      });
    },
  });

  route({
    method: 'PATCH',
    url: '/api/front/cart/items/:lineId',
    summary: 'Sets the quantity of a line (1..999, at most the stock)',
    tag,
    params: lineId,
    body: updateQuantityInput,
    responses: {
      ...cart200,
      ...refused,
      ...noLine,
      409: errorAnswer('STOK_YETERSIZ, SIPARIS_TUTARI_SINIRI'),
    },
    onRequest,
    handler: async (request, reply) => {
      const { owner, buyer } = await cartRequest(request, reply, accountOf);
      return answer(reply, 200, () =>
        cart.setQuantity(readableOwner(owner), request.params.lineId, request.body, buyer),
      );
    },
  });

  route({
    method: 'DELETE',
    url: '/api/front/cart/items/:lineId',
    summary: 'Removes a line',
    tag,
    params: lineId,
    responses: { ...cart200, ...crossOrigin, ...noLine },
    onRequest,
    handler: async (request, reply) => {
      const { owner, buyer } = await cartRequest(request, reply, accountOf);
      return answer(reply, 200, () => cart.remove(readableOwner(owner), request.params.lineId, buyer));
    },
  });

  route({
    method: 'POST',
    url: '/api/front/cart/coupon',
    summary: 'Applies a coupon code (any letter case)',
    tag,
    body: couponInput,
    checkedByDomain: true,
    responses: {
      ...cart200,
      ...refused,
      404: errorAnswer(
        'KUPON_BULUNAMADI: unknown, or a private coupon that nobody can use now (not started, ended, used up)',
      ),
      422: errorAnswer(
        'KUPON_HENUZ_BASLAMADI, KUPON_SURESI_DOLDU, KUPON_LIMITI_DOLDU (public coupons), KUPON_SEPET_TUTARI_YETERSIZ, KUPON_KULLANIM_HAKKI_DOLDU, KUPON_UYGULANAMAZ',
      ),
      429: errorAnswer('COK_FAZLA_ISTEK: 10 codes per cart or 30 per address in 10 minutes (Retry-After)'),
    },
    onRequest,
    handler: async (request, reply) => {
      const current = await cartRequest(request, reply, accountOf);
      const refusal = await limitCoupon(request, reply, current.owner);
      if (refusal) {
        const { code, message, fields } = refusal.error;
        return reply
          .status(refusal.status)
          .header('cache-control', 'private, no-store')
          .send(errorBody(code, message, fields));
      }
      return answer(reply, 200, () =>
        cart.applyCoupon(claimOwner(request, reply, current), request.body, current.buyer),
      );
    },
  });

  route({
    method: 'DELETE',
    url: '/api/front/cart/coupon',
    summary: 'Removes the coupon',
    tag,
    responses: { ...cart200, ...crossOrigin },
    onRequest,
    handler: async (request, reply) => {
      const { owner, buyer } = await cartRequest(request, reply, accountOf);
      return answer(reply, 200, () => cart.removeCoupon(readableOwner(owner), buyer));
    },
  });

  // Multipart is parsed only here (its own plugin scope): every other route keeps JSON only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3 },
    });
    apiRoutes(scope)({
      method: 'POST',
      url: '/api/front/cart/uploads',
      summary:
        'Uploads a personalization image (multipart/form-data field `file`; JPEG, PNG or WebP by content, at most 5 MB) into the cart (a guest gets one); unused images are deleted after an hour',
      tag,
      responses: {
        201: {
          description: 'Stored',
          schema: z.object({ path: z.string().describe('personalization/<random>.<ext>') }),
        },
        400: errorAnswer('DOSYA_GEREKLI'),
        ...crossOrigin,
        413: errorAnswer('DOSYA_COK_BUYUK'),
        415: errorAnswer('GORSEL_TURU_GECERSIZ'),
        429: errorAnswer(
          'COK_FAZLA_ISTEK: 30 an hour per address; GORSEL_SINIRI: the cart holds 10 images no line uses; YUKLEME_ALANI_DOLU: the disk budget of uploads (UPLOADS_BUDGET_MB) is used up until the hourly purge',
        ),
        503: errorAnswer(
          'DEPOLAMA_KULLANILAMIYOR: the file store (the bucket) refuses writes; nothing stored',
        ),
        507: errorAnswer('DISK_DOLU: the server disk is full; nothing stored'),
      },
      onRequest,
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      // A shopper uploads a few photos; an address taking the budget's room gets only so much of it.
      config: { rateLimit: { max: UPLOADS_PER_ADDRESS_HOURLY, timeWindow: '1 hour' } },
      handler: async (request, reply) => {
        const current = await cartRequest(request, reply, accountOf);
        return answer(reply, 201, async () => {
          if (!request.isMultipart()) throw uploadMissing();
          const file = await request.file();
          if (!file) throw uploadMissing();
          let bytes: Buffer;
          try {
            bytes = await file.toBuffer();
          } catch (err) {
            if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw uploadTooLarge();
            throw err;
          }
          if (file.file.truncated) throw uploadTooLarge();
          const type = imageTypeOf(bytes);
          if (!type) throw uploadWrongType();
          const stored = `personalization/${randomBytes(16).toString('base64url')}.${type}`;
          // An upload belongs to a cart (a guest gets one now), which its quota counts against.
          const owner = claimOwner(request, reply, current);
          await reserveUpload(services.database.db, {
            path: stored,
            owner,
            bytes: bytes.length,
            budgetBytes: uploadsBudgetBytes,
          });
          // The whole file or none (the store's promise); a refused write takes its reservation back, so a
          // full disk (507) or a bucket refusing writes (the store's 503) leaves neither, and the same upload
          // works once the store takes writes again.
          try {
            await files.put(uploadKey(stored), bytes, {
              contentType: `image/${type === 'jpg' ? 'jpeg' : type}`,
            });
          } catch (err) {
            await releaseUpload(services.database.db, stored);
            throw isDiskFull(err) ? new DomainError(507, DISK_FULL_CODE, DISK_FULL_MESSAGE) : err;
          }
          return { path: stored };
        });
      },
    });
  });
}
