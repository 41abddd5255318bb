import { randomBytes } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { PERSONALIZATION_IMAGE_PATH, type Services, ShopError } from '@vitrin/core';
import { releaseUpload, reserveUpload, UPLOADS_PER_ADDRESS_HOURLY } from '@vitrin/core/cart/uploads';
import { MAX_UPLOAD_BYTES } from '@vitrin/shared/api/cart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../../http/errors.ts';
import type { AccountOf } from '../../sessions/account.ts';
import { refuseCrossOriginCartWrite } from '../../sessions/cart-cookie.ts';
import type { CouponLimiter } from './coupon-limits.ts';
import { answer, cartRequest, writableOwner } from './replies.ts';

export interface CartRoutesOptions {
  /** `PUBLIC_URL`: writes carrying the cart cookie must come from it. */
  publicUrl: string;
  /** `DATA_DIR/uploads`: personalization images go to its `personalization/` folder. */
  uploadsDir: string;
  /** `UPLOADS_BUDGET_MB`: disk the uploads not yet looked at by the hourly purge may take. */
  uploadsBudgetBytes: number;
  /** Coupon codes tried per client and cart, counted with the cart page's form. */
  limitCoupon: CouponLimiter;
}

const lineIdOf = (request: FastifyRequest) => (request.params as { lineId: string }).lineId;

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
  new ShopError(413, 'DOSYA_COK_BUYUK', `Görsel en fazla ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB olabilir.`, {
    file: 'Dosya çok büyük',
  });
const uploadWrongType = () =>
  new ShopError(415, 'GORSEL_TURU_GECERSIZ', 'Yalnızca JPEG, PNG ya da WebP görsel yükleyebilirsiniz.', {
    file: 'JPEG, PNG ya da WebP seçin',
  });
const uploadMissing = () =>
  new ShopError(400, 'DOSYA_GEREKLI', 'Lütfen bir görsel seçin (çok parçalı form alanı "file").', {
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
  { publicUrl, uploadsDir, uploadsBudgetBytes, limitCoupon }: CartRoutesOptions,
) {
  const { cart } = services;
  const onRequest = refuseCrossOriginCartWrite(publicUrl);
  const imageDir = path.join(uploadsDir, 'personalization');

  /** Only files the upload endpoint stored: a well-formed path whose file is there. */
  async function checkUploadedImage(body: unknown) {
    const image = (body as { personalization?: { image?: unknown } } | null)?.personalization?.image;
    if (typeof image !== 'string' || !PERSONALIZATION_IMAGE_PATH.test(image)) return; // the domain refuses the rest
    try {
      await access(path.join(uploadsDir, image));
    } catch {
      throw new ShopError(
        400,
        'KISISELLESTIRME_GECERSIZ',
        'Yüklediğiniz görsel bulunamadı; lütfen yeniden yükleyin.',
        {
          'personalization.image': 'Görsel bulunamadı; lütfen görseli yeniden yükleyin',
        },
      );
    }
  }

  app.get('/api/front/cart', async (request, reply) => {
    const { owner, buyer } = await cartRequest(request, reply, accountOf);
    return answer(reply, 200, () => cart.view(owner ?? { token: '' }, buyer));
  });

  app.get('/api/front/cart/count', async (request, reply) => {
    const { owner } = await cartRequest(request, reply, accountOf);
    return answer(reply, 200, async () => ({ count: owner ? await cart.count(owner) : 0 }));
  });

  app.post('/api/front/cart/items', { onRequest }, async (request, reply) => {
    const current = await cartRequest(request, reply, accountOf);
    return answer(reply, 201, async () => {
      await checkUploadedImage(request.body);
      return cart.add(writableOwner(request, reply, current), request.body as never, current.buyer);
    });
  });

  app.patch('/api/front/cart/items/:lineId', { onRequest }, async (request, reply) => {
    const { owner, buyer } = await cartRequest(request, reply, accountOf);
    return answer(reply, 200, () =>
      cart.setQuantity(owner ?? { token: '' }, lineIdOf(request), request.body, buyer),
    );
  });

  app.delete('/api/front/cart/items/:lineId', { onRequest }, async (request, reply) => {
    const { owner, buyer } = await cartRequest(request, reply, accountOf);
    return answer(reply, 200, () => cart.remove(owner ?? { token: '' }, lineIdOf(request), buyer));
  });

  app.post('/api/front/cart/coupon', { onRequest }, async (request, reply) => {
    const current = await cartRequest(request, reply, accountOf);
    const refused = await limitCoupon(request, reply, current.owner);
    if (refused) {
      const { code, message, fields } = refused.error;
      return reply
        .status(refused.status)
        .header('cache-control', 'private, no-store')
        .send(errorBody(code, message, fields));
    }
    return answer(reply, 200, () =>
      cart.applyCoupon(writableOwner(request, reply, current), request.body, current.buyer),
    );
  });

  app.delete('/api/front/cart/coupon', { onRequest }, async (request, reply) => {
    const { owner, buyer } = await cartRequest(request, reply, accountOf);
    return answer(reply, 200, () => cart.removeCoupon(owner ?? { token: '' }, buyer));
  });

  // Multipart is parsed only here (its own plugin scope): every other route keeps JSON only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3 },
    });
    scope.post(
      '/api/front/cart/uploads',
      {
        onRequest,
        bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
        // A shopper uploads a few photos; an address taking the budget's room gets only so much of it.
        config: { rateLimit: { max: UPLOADS_PER_ADDRESS_HOURLY, timeWindow: '1 hour' } },
      },
      async (request, reply) => {
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
          const name = `${randomBytes(16).toString('base64url')}.${type}`;
          const stored = `personalization/${name}`;
          // An upload belongs to a cart (a guest gets one now), which its quota counts against.
          const owner = writableOwner(request, reply, current);
          await reserveUpload(services.database.db, {
            path: stored,
            owner,
            bytes: bytes.length,
            budgetBytes: uploadsBudgetBytes,
          });
          try {
            await mkdir(imageDir, { recursive: true });
            await writeFile(path.join(imageDir, name), bytes, { flag: 'wx' });
          } catch (err) {
            await releaseUpload(services.database.db, stored);
            throw err;
          }
          return { path: stored };
        });
      },
    );
  });
}
