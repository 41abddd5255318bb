import { createReadStream, mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { DISK_FULL_CODE } from '@vitrin/core/media/disk-full';
import type { ImageVariants, VariantResult } from '@vitrin/core/media/image-variants';
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  type ImageWidth,
  isImageFormat,
  isImageWidth,
} from '@vitrin/shared/media';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, notFoundBody } from './errors.ts';

/**
 * `/uploads/{folder/file}`: the uploaded file as it is, and with `?w={width}&f={avif|webp}` a resized copy
 * (see `@vitrin/core/media/image-variants`). Only the widths and formats of `@vitrin/shared/media` exist;
 * anything else is a 400, so nobody can fill the disk with made-up sizes.
 *
 * A variant not made yet is made at once (or waited for); a request that would wait too long gets the
 * original file instead (`no-store`), never a 503 a browser's `<img>` would show as a broken image. Only a
 * full disk answers 503 with `Retry-After`.
 *
 * Caching: the URL names the upload, not its version (pages only know the path), and an upload can be
 * replaced in place. So variants are cached for a day like the originals, with an ETag (a hash of the
 * source's size and time) that makes revalidation a 304. The format is in the URL, never chosen from
 * `Accept`, so no `Vary` is needed and shared caches stay correct.
 */
export interface UploadsOptions {
  /** Upload folders in lookup order: the data directory's, then the bundled one. */
  roots: string[];
  /** The resized copies (`imageVariantsOf`), shared with what makes them when an image is saved. */
  images: ImageVariants;
}

const CACHE_CONTROL = 'public, max-age=86400';
const VARIANT_KEYS = new Set(['w', 'f']);

type Failure = Exclude<VariantResult, { kind: 'ok' | 'original' }>['kind'];

const failures: Record<Failure, { status: number; code: string; message: string }> = {
  'bad-path': { status: 400, code: 'GECERSIZ_GORSEL_YOLU', message: 'Görsel yolu geçersiz.' },
  'not-resizable': {
    status: 400,
    code: 'GORSEL_BOYUTLANDIRILAMAZ',
    message: 'Bu dosya boyutlandırılamaz; yalnızca JPEG, PNG, WebP, AVIF ve GIF görseller küçültülür.',
  },
  'not-found': { status: 404, code: 'GORSEL_BULUNAMADI', message: 'Görsel bulunamadı.' },
  'disk-full': {
    status: 503,
    code: DISK_FULL_CODE,
    message: 'Görsel şu anda hazırlanamıyor: sunucuda yer kalmadı. Lütfen biraz sonra tekrar deneyin.',
  },
  broken: { status: 422, code: 'GORSEL_ISLENEMEDI', message: 'Görsel dosyası okunamadı ya da çok büyük.' },
};

/** The query's error, if any, as [code, message]; undefined when `w` and `f` are both valid. */
function queryError(query: Record<string, unknown>): [string, string] | undefined {
  const unknown = Object.keys(query).filter((k) => !VARIANT_KEYS.has(k));
  if (unknown.length) {
    return [
      'GECERSIZ_GORSEL_SECENEGI',
      `Görsel adresinde yalnızca w ve f kullanılabilir: ${unknown.join(', ')}`,
    ];
  }
  const w = query.w;
  // One spelling per width (no `0480`), so caches hold one copy.
  if (typeof w !== 'string' || !isImageWidth(Number(w)) || String(Number(w)) !== w) {
    return [
      'GECERSIZ_GORSEL_GENISLIGI',
      `Görsel genişliği (w) şunlardan biri olmalıdır: ${IMAGE_WIDTHS.join(', ')}.`,
    ];
  }
  if (!isImageFormat(query.f)) {
    return [
      'GECERSIZ_GORSEL_BICIMI',
      `Görsel biçimi (f) şunlardan biri olmalıdır: ${IMAGE_FORMATS.join(', ')}.`,
    ];
  }
  return undefined;
}

export async function registerUploadRoutes(app: FastifyInstance, { roots, images }: UploadsOptions) {
  mkdirSync(roots[0]!, { recursive: true });

  async function sendVariant(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown>;
    const invalid = queryError(query);
    if (invalid) return reply.status(400).send(errorBody(...invalid));
    const result = await images.variant(
      (request.params as { '*': string })['*'],
      Number(query.w) as ImageWidth,
      query.f as ImageFormat,
    );
    if (result.kind === 'original') {
      // Not made yet (it is being made): the file as uploaded, which a browser shows all the same. Not kept
      // by caches, so the next visit gets the variant.
      return reply
        .header('cache-control', 'no-store')
        .type(result.contentType)
        .header('content-length', result.size)
        .send(createReadStream(result.file));
    }
    if (result.kind !== 'ok') {
      if (result.kind === 'broken' && result.error)
        request.log.warn({ err: result.error }, 'image variant failed');
      const failure = failures[result.kind];
      if (result.kind === 'disk-full') reply.header('retry-after', '60');
      return reply.status(failure.status).send(errorBody(failure.code, failure.message));
    }
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', result.etag)
      .header('last-modified', result.lastModified.toUTCString());
    if (request.headers['if-none-match'] === result.etag) return reply.status(304).send();
    return reply
      .type(result.contentType)
      .header('content-length', result.size)
      .send(createReadStream(result.file));
  }

  await app.register(
    async (uploads) => {
      // Runs before @fastify/static's handler: a request naming a width or format is a variant request.
      uploads.addHook('onRequest', async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        if ('w' in query || 'f' in query) return sendVariant(request, reply);
      });
      await uploads.register(fastifyStatic, {
        root: roots,
        prefix: '/',
        decorateReply: false,
        index: false,
        maxAge: '1d',
      });
      // A file that is in no upload folder: the API's error shape in Turkish, not Fastify's English default.
      uploads.setNotFoundHandler((request, reply) =>
        reply.status(404).send(notFoundBody('Dosya', request.url)),
      );
    },
    { prefix: '/uploads' },
  );
}
