import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DISK_FULL_CODE } from '@vitrin/core/media/disk-full';
import { type ImageVariants, safeRelativePath, type VariantResult } from '@vitrin/core/media/image-variants';
import type { FileStore } from '@vitrin/core/storage/file-store';
import { uploadKey } from '@vitrin/core/storage/keys';
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
import { byteRange } from './uploads-range.ts';

/**
 * `/uploads/{folder/file}`: the uploaded file as it is, and with `?w={width}&f={avif|webp}` a resized copy
 * (see `@vitrin/core/media/image-variants`). Only the widths and formats of `@vitrin/shared/media` exist;
 * anything else is a 400, so nobody can fill the disk with made-up sizes.
 *
 * The files are the shop's file store's `uploads/…` (the data directory, or the bucket every node shares),
 * then the bundled folder (the default image): served through the node whichever store is behind it, with
 * the same addresses and headers. A large file is sent in ranges (`Range` → 206) without reading the rest.
 * Private files (`private/…`, support attachments) are never under `/uploads`.
 *
 * A variant not made yet is made at once (or waited for); a request that would wait too long, or whose
 * variant the bucket refuses to store, gets the original file instead (`no-store`), never a 503 a browser's
 * `<img>` would show as a broken image. Only a full disk answers 503 with `Retry-After`, and a store that
 * cannot be read at all (the bucket away) 503 DEPOLAMA_KULLANILAMIYOR.
 *
 * Caching: the URL names the upload, not its version (pages only know the path), and an upload can be
 * replaced in place. So variants are cached for a day like the originals, with an ETag (a hash of the
 * source's version) that makes revalidation a 304. The format is in the URL, never chosen from `Accept`, so
 * no `Vary` is needed and shared caches stay correct.
 */
export interface UploadsOptions {
  /** The shop's files: `/uploads/x` is the key `uploads/x`. */
  files: FileStore;
  /** Read-only folders looked in after the store (the bundled default image). */
  bundledRoots: string[];
  /** The resized copies (`imageVariantsOf`), shared with what makes them when an image is saved. */
  images: ImageVariants;
}

const CACHE_CONTROL = 'public, max-age=86400';
const VARIANT_KEYS = new Set(['w', 'f']);

/** The types of what is uploaded (images, and the few other kinds a page may link); anything else is bytes. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  ico: 'image/vnd.microsoft.icon',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  txt: 'text/plain; charset=utf-8',
};
const contentTypeOf = (name: string) =>
  CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';

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

/** Whether the request's validators say the client's copy is current (a 304). */
function notModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    if (match.trim() === '*') return true;
    // Weak comparison, as a GET's revalidation is: `W/"x"` matches `"x"`.
    return match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/** An upload found: in the store or in a bundled folder. */
interface Found {
  size: number;
  etag: string;
  lastModified: Date;
  read(range?: { start: number; end: number }): Promise<Readable | undefined>;
}

export async function registerUploadRoutes(
  app: FastifyInstance,
  { files, bundledRoots, images }: UploadsOptions,
) {
  const roots = bundledRoots.map((r) => path.resolve(r));

  async function find(relative: string): Promise<Found | undefined> {
    const key = uploadKey(relative);
    const stored = await files.head(key);
    if (stored) {
      return {
        size: stored.size,
        etag: stored.etag,
        lastModified: stored.modified,
        read: async (range) => (await files.read(key, range))?.body,
      };
    }
    for (const root of roots) {
      const file = path.join(root, relative);
      if (!file.startsWith(root + path.sep)) continue;
      const s = await stat(file).catch(() => undefined);
      if (s?.isFile()) {
        return {
          size: s.size,
          etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
          lastModified: s.mtime,
          read: async (range) => createReadStream(file, range ?? {}),
        };
      }
    }
    return undefined;
  }

  /** The API's JSON error, whatever the file's headers said already. */
  const refuse = (reply: FastifyReply, status: number, body: ReturnType<typeof errorBody>) =>
    reply
      .status(status)
      .removeHeader('etag')
      .removeHeader('last-modified')
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    refuse(reply, 404, notFoundBody('Dosya', request.url));

  /** The body, or a 404 when the file went away between its facts and its reading. */
  async function sendBody(
    request: FastifyRequest,
    reply: FastifyReply,
    read: () => Promise<Readable | undefined>,
  ) {
    if (request.method === 'HEAD') return reply.send();
    const body = await read();
    return body ? reply.send(body) : notFound(request, reply);
  }

  async function sendFile(request: FastifyRequest, reply: FastifyReply) {
    const relative = (request.params as { '*': string })['*'];
    const found = safeRelativePath(relative) ? await find(relative) : undefined;
    if (!found) return notFound(request, reply);
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('accept-ranges', 'bytes')
      .header('etag', found.etag)
      .header('last-modified', found.lastModified.toUTCString())
      .type(contentTypeOf(relative));
    if (notModified(request, found.etag, found.lastModified)) return reply.status(304).send();
    const ifRange = request.headers['if-range'];
    const asked = request.headers.range;
    const range =
      asked && (ifRange === undefined || ifRange === found.etag) ? byteRange(asked, found.size) : undefined;
    if (range === 'unsatisfiable') {
      return refuse(
        reply.header('content-range', `bytes */${found.size}`),
        416,
        errorBody('GECERSIZ_ARALIK', `İstenen bayt aralığı dosyanın dışında (dosya ${found.size} bayt).`),
      );
    }
    if (range) {
      return sendBody(
        request,
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${found.size}`)
          .header('content-length', range.end - range.start + 1),
        () => found.read(range),
      );
    }
    return sendBody(request, reply.header('content-length', found.size), () => found.read());
  }

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
      // Not made yet (it is being made), or the bucket would not keep it: the file as uploaded, which a
      // browser shows all the same. Not kept by caches, so the next visit gets the variant.
      return sendBody(
        request,
        reply
          .header('cache-control', 'no-store')
          .type(result.contentType)
          .header('content-length', result.size),
        () => result.read(),
      );
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
    return sendBody(request, reply.type(result.contentType).header('content-length', result.size), () =>
      result.read(),
    );
  }

  await app.register(
    async (uploads) => {
      uploads.route({
        method: ['GET', 'HEAD'],
        url: '/*',
        handler: (request, reply) => {
          const query = request.query as Record<string, unknown>;
          // A request naming a width or format is a variant request.
          return 'w' in query || 'f' in query ? sendVariant(request, reply) : sendFile(request, reply);
        },
      });
      // Another method, or no file named: the API's error shape in Turkish, not Fastify's English default.
      uploads.setNotFoundHandler((request, reply) => notFound(request, reply));
    },
    { prefix: '/uploads' },
  );
}
