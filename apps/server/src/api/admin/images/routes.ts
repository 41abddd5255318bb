import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  type AdminImageStore,
  diskFull,
  type IncomingImage,
  imageTooLarge,
} from '@vitrin/core/media/admin-upload';
import { isDiskFull } from '@vitrin/core/media/disk-full';
import {
  ADMIN_IMAGE_MAX_BYTES,
  ADMIN_IMAGE_MAX_FILES,
  adminImageAnswer,
  adminImageQuery,
} from '@vitrin/shared/api/admin/images';
import { can } from '@vitrin/shared/staff/permissions';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../../http/errors.ts';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, staffRefusals } from '../../route.ts';
import { signedIn } from '../replies.ts';

const TAG = 'Yönetim: görseller';
const MB = ADMIN_IMAGE_MAX_BYTES / (1024 * 1024);

const noFile = () =>
  new HttpError(400, 'DOSYA_GEREKLI', 'En az bir görsel seçin (çok parçalı formun `files` alanı).', {
    files: 'Görsel seçin',
  });

/** Multipart failures of the client's making, in Turkish with our codes. */
const PART_ERRORS: Record<string, () => HttpError> = {
  FST_FILES_LIMIT: () =>
    new HttpError(
      400,
      'COK_FAZLA_GORSEL',
      `Bir seferde en fazla ${ADMIN_IMAGE_MAX_FILES} görsel yüklenebilir; hiçbiri kaydedilmedi.`,
      { files: `En fazla ${ADMIN_IMAGE_MAX_FILES} görsel` },
    ),
  FST_PARTS_LIMIT: () => new HttpError(400, 'GECERSIZ_ISTEK', 'İstekte çok fazla alan var.'),
  FST_FIELDS_LIMIT: () => new HttpError(400, 'GECERSIZ_ISTEK', 'İstekte çok fazla alan var.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new HttpError(400, 'GECERSIZ_ISTEK', 'Çok parçalı form okunamadı.'),
};

/** A full disk while an upload is written is the upload's own refusal (507), not the shop's outage (503). */
const asHttp = (err: unknown) => (isDiskFull(err) ? diskFull() : err);

/** A browser's file name, short and on one line, for messages only. */
const shownName = (name: string | undefined) =>
  (name ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 100) || 'adsız dosya';

/** Writes every file part to its own arriving file; on any failure removes them all and throws. */
async function receive(request: FastifyRequest, store: AdminImageStore): Promise<IncomingImage[]> {
  if (!request.isMultipart()) throw noFile();
  const arrived: IncomingImage[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const image = { name: shownName(part.filename), file: await store.incomingFile() };
      arrived.push(image);
      try {
        await pipeline(part.file, createWriteStream(image.file, { flags: 'wx' }));
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge(image.name);
        throw err;
      }
      if (part.file.truncated) throw imageTooLarge(image.name);
    }
  } catch (err) {
    await store.discard(arrived.map((a) => a.file));
    const known = PART_ERRORS[(err as { code?: string }).code ?? ''];
    throw known ? known() : asHttp(err);
  }
  if (!arrived.length) throw noFile();
  return arrived;
}

/**
 * The panel's image upload (owners and managers): several files at once for a product's images or a post's,
 * stored all or none. Not audited: an upload changes no product or post; the save that names it is.
 */
export function registerAdminImageRoutes(app: FastifyInstance, staffOf: StaffOf, store: AdminImageStore) {
  // Multipart is parsed only here (its own plugin scope): every other admin route keeps JSON only.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: ADMIN_IMAGE_MAX_BYTES,
        files: ADMIN_IMAGE_MAX_FILES,
        fields: 2,
        parts: ADMIN_IMAGE_MAX_FILES + 2,
      },
    });
    apiRoutes(
      scope,
      undefined,
      staffOf,
    )({
      method: 'POST',
      url: '/api/admin/images',
      summary: `Uploads images (multipart \`files\`, up to ${ADMIN_IMAGE_MAX_FILES} at once): JPEG, PNG, WebP or AVIF by content, at most ${MB} MB and 300×300 to 8000×8000 px each. Stored as WebP (at most 2400 px, orientation applied, EXIF and GPS removed) under products/ or posts/; all or none. An image no product or post names a day later is deleted`,
      tag: TAG,
      permission: 'catalog.write',
      querystring: adminImageQuery,
      body: z.object({
        files: z.string().optional().describe('multipart/form-data: one or more image files'),
      }),
      multipart: true,
      responses: {
        201: { description: 'Stored, in the order sent', schema: adminImageAnswer },
        400: errorAnswer(
          'GECERSIZ_ISTEK; DOSYA_GEREKLI: no file; COK_FAZLA_GORSEL: over 20 files; GORSEL_BOYUTU_GECERSIZ: under 300×300 or over 8000×8000 px; nothing stored',
        ),
        ...staffRefusals,
        413: errorAnswer(`DOSYA_COK_BUYUK: a file over ${MB} MB; nothing stored`),
        415: errorAnswer('GORSEL_TURU_GECERSIZ: a file not JPEG, PNG, WebP or AVIF; nothing stored'),
        422: errorAnswer('GORSEL_OKUNAMADI: a file that could not be decoded; nothing stored'),
        507: errorAnswer(
          'DISK_DOLU: the server disk is full; nothing stored, the same upload works once space is freed',
        ),
      },
      bodyLimit: ADMIN_IMAGE_MAX_BYTES * ADMIN_IMAGE_MAX_FILES + 1024 * 1024,
      handler: async (request, reply) => {
        const { purpose } = request.query;
        if (purpose === 'post' && !can((await signedIn(staffOf, request)).role, 'content.write')) {
          throw new HttpError(403, 'YETKI_YOK', 'Yazı görseli yükleme yetkiniz yok.');
        }
        const arrived = await receive(request, store);
        try {
          const images = await store.store(arrived, purpose);
          return reply.status(201).send({ images });
        } catch (err) {
          throw asHttp(err);
        }
      },
    });
  });
}
