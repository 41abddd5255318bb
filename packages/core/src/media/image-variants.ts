import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  type ImageWidth,
  isResizableImage,
} from '@vitrin/shared/media';
import { isDomainError } from '../errors.ts';
import { isDiskFull } from './disk-full.ts';
import { createVariantProcess, VARIANT_PROCESS_LOST } from './variant-process.ts';

/**
 * Resized WebP/AVIF copies of uploaded images, made with sharp in a child process (`variant-process.ts`) and
 * kept on disk: in the background when an
 * image is saved (`prepare`: an upload, the demo's pictures, whatever is missing at start), and at once for
 * a request that comes first.
 *
 * - A variant's file name is a hash of the source's path, size and modification time plus the width and
 *   format: a replaced upload gets new variants, and only allowed widths and formats ever reach here, so
 *   the cache holds at most (uploads × widths × formats) files (plus stale copies of replaced uploads).
 * - Files are written to a temporary name and renamed, so a reader never sees half a file.
 * - One variant is never made twice at once: a request joins the generation under way (a background one
 *   too). Requests' generations run a few at a time and go before the background's, which makes one at a
 *   time, and only while no request waits: every WebP of the queued images first, then their AVIFs.
 * - A request never gets a 503 for a variant not made yet: it waits for it, or, when as many requests wait
 *   already as may or its variant is not made within `waitMs`, it gets the original file (an `<img>` does
 *   not retry). Only a full disk answers 503.
 * - An image is never enlarged: a width above the original's gives the original width.
 * - The queue, the joining of requests and the fallback to the original are here; only the resizing is in the
 *   child, which exits after `idleMs` without work. A job whose child died is made by a new one once, then the
 *   request gets the original (not remembered as broken).
 */

export interface ImageVariantsOptions {
  /** Upload folders, searched in order (the first holding the file wins). */
  roots: string[];
  /** Where variants are kept, e.g. `DATA_DIR/cache/images`. */
  cacheDir: string;
  /** Requests' generations at a time; default: one per two CPU cores (sharp already uses several threads each). */
  concurrency?: number;
  /** Requests' generations allowed to wait; a request beyond them gets the original file. */
  maxQueue?: number;
  /** The longest a request waits for its variant, in ms; then it gets the original (the variant is still made). */
  waitMs?: number;
  /** How long the child process stays without work before it exits, in ms. */
  idleMs?: number;
}

export type VariantResult =
  | { kind: 'ok'; file: string; size: number; etag: string; lastModified: Date; contentType: string }
  | { kind: 'bad-path' }
  | { kind: 'not-resizable' }
  | { kind: 'not-found' }
  /** The variant is not made yet and waiting for it was not worth it: the uploaded file as it is. */
  | { kind: 'original'; file: string; size: number; lastModified: Date; contentType: string }
  /** The cache's disk is full: not remembered as broken, made once there is room again. */
  | { kind: 'disk-full' }
  | { kind: 'broken'; error?: unknown };

/**
 * sharp (libvips and its threads) is loaded in the shop's process only by an upload's check and re-encoding
 * (`admin-upload.ts`), not with the server: 23 MB resident that a shop whose staff uploads nothing never needs.
 */
/** libvips threads for one image and requests' generations at a time: half the cores (one on two). */
const IMAGE_THREADS = Math.max(1, Math.floor(availableParallelism() / 2));

let loadedSharp: Promise<typeof import('sharp').default> | undefined;
export const loadSharp = () => {
  loadedSharp ??= import('sharp').then((module) => {
    // libvips's threads for one image: half the cores (one on two), so that the image work, which goes on
    // for minutes on a new shop, leaves the other half to the pages and the API.
    module.default.concurrency(IMAGE_THREADS);
    // Every operation here is on another image or size: libvips's cache of recent results (up to 50 MB)
    // would only hold memory.
    module.default.cache(false);
    return module.default;
  });
  return loadedSharp;
};

const MAX_REMEMBERED_FAILURES = 1000;

/** A relative path of plain segments, or undefined for anything that could leave the upload folder. */
export function safeRelativePath(value: string): string | undefined {
  if (value === '' || value.startsWith('/') || /[\\\0]/.test(value)) return undefined;
  const segments = value.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  return segments.join(path.sep);
}

/** Runs at most `concurrency` tasks at a time, the others in the order they came; `idle` when none runs or waits. */
function createLimiter(concurrency: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  let idleWaiters: Array<() => void> = [];
  const limiter = {
    get waiting() {
      return waiting.length;
    },
    get busy() {
      return active > 0 || waiting.length > 0;
    },
    /** Resolves once no task runs or waits (at once if none does). */
    idle(): Promise<void> {
      if (!limiter.busy) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < concurrency) active++;
      // A finishing task hands its slot straight to the next waiter, so `active` never over-counts.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
        if (!limiter.busy) {
          const resolved = idleWaiters;
          idleWaiters = [];
          for (const resolve of resolved) resolve();
        }
      }
    },
  };
  return limiter;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** A folder of the uploads whose images pages never show resized (customers' personalization photos). */
const UNPREPARED_FOLDERS = new Set(['personalization']);

async function fileStat(file: string) {
  try {
    const s = await stat(file);
    return s.isFile() ? s : undefined;
  } catch (err) {
    if (
      (err as NodeJS.ErrnoException).code === 'ENOENT' ||
      (err as NodeJS.ErrnoException).code === 'ENOTDIR'
    ) {
      return undefined;
    }
    throw err;
  }
}

/**
 * Where a variant of `source` (its absolute path, size and modification time) is kept, and its key: a new
 * file of the same name has new variants.
 */
export function variantCacheFile(
  cacheDir: string,
  source: { file: string; size: number; mtimeMs: number },
  width: ImageWidth,
  format: ImageFormat,
) {
  const key = createHash('sha256')
    .update(`${source.file}\0${source.size}\0${source.mtimeMs}\0${width}\0${format}`)
    .digest('hex');
  return { key, file: path.join(cacheDir, key.slice(0, 2), `${key}.${format}`) };
}

export function createImageVariants({
  roots,
  cacheDir,
  concurrency = IMAGE_THREADS,
  maxQueue = 64,
  waitMs = 10_000,
  idleMs = 30_000,
}: ImageVariantsOptions) {
  const child = createVariantProcess({ idleMs, threads: IMAGE_THREADS });
  const resolvedRoots = roots.map((r) => path.resolve(r));
  const inFlight = new Map<string, Promise<void>>();
  const failures = new Set<string>();
  const urgent = createLimiter(concurrency);
  /** Variants to make in the background, WebP before AVIF; `queued` keeps one entry per variant. */
  const later: Record<ImageFormat, Array<{ relative: string; width: ImageWidth }>> = { webp: [], avif: [] };
  const queued = new Set<string>();
  let draining: Promise<void> | undefined;
  let closed = false;
  /** Generations started, for the log and the tests (a variant made twice would count twice). */
  let made = 0;

  async function findSource(relative: string) {
    for (const root of resolvedRoots) {
      const file = path.join(root, relative);
      if (!file.startsWith(root + path.sep)) continue;
      const s = await fileStat(file);
      if (s) return { file, size: s.size, mtime: s.mtime, mtimeMs: s.mtimeMs };
    }
    return undefined;
  }

  type Source = NonNullable<Awaited<ReturnType<typeof findSource>>>;

  const cacheFile = (source: Source, width: ImageWidth, format: ImageFormat) =>
    variantCacheFile(cacheDir, source, width, format);

  async function generate(source: string, target: string, width: ImageWidth, format: ImageFormat) {
    made++;
    await child.run({ source, target, width, format });
  }

  function rememberFailure(key: string) {
    if (failures.size >= MAX_REMEMBERED_FAILURES) failures.delete(failures.values().next().value!);
    failures.add(key);
  }

  /** The generation of one variant: the one under way for it, or a new one (`start` runs it). */
  function generation(
    key: string,
    start: (make: () => Promise<void>) => Promise<void>,
    make: () => Promise<void>,
  ) {
    let job = inFlight.get(key);
    if (!job) {
      job = start(make).finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    return job;
  }

  /** Makes the background's variants one at a time, each only while no request's generation runs or waits. */
  async function drain() {
    for (;;) {
      await urgent.idle();
      const format: ImageFormat | undefined = later.webp.length
        ? 'webp'
        : later.avif.length
          ? 'avif'
          : undefined;
      if (!format) return;
      const { relative, width } = later[format].shift()!;
      queued.delete(`${relative}\0${width}\0${format}`);
      const source = await findSource(relative);
      if (!source) continue;
      const { key, file } = cacheFile(source, width, format);
      if (failures.has(key) || (await fileStat(file))) continue;
      try {
        await generation(
          key,
          (make) => make(),
          () => generate(source.file, file, width, format),
        );
      } catch (err) {
        if (!isDiskFull(err) && !isDomainError(err, VARIANT_PROCESS_LOST)) rememberFailure(key);
      }
    }
  }

  /**
   * Queues every variant of these images (`folder/file` paths under the upload roots) to be made in the
   * background, WebP first; those made already are skipped. Paths that are unsafe or not resizable are left out.
   */
  function prepare(relativePaths: Iterable<string>) {
    if (closed) return;
    const images = [...relativePaths].filter((p) => safeRelativePath(p) && isResizableImage(p));
    for (const format of IMAGE_FORMATS.toSorted((a) => (a === 'webp' ? -1 : 1))) {
      for (const relative of images) {
        for (const width of IMAGE_WIDTHS) {
          const id = `${relative}\0${width}\0${format}`;
          if (queued.has(id)) continue;
          queued.add(id);
          later[format].push({ relative, width });
        }
      }
    }
    draining ??= drain().finally(() => {
      draining = undefined;
      // Queued while the loop was ending.
      if (later.webp.length || later.avif.length) prepare([]);
    });
  }

  /** Queues every image under the upload roots (not customers' photos), as after a restart: what is missing is made. */
  async function prepareAll(): Promise<number> {
    const found = new Set<string>();
    for (const root of resolvedRoots) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const relative = path
          .relative(root, path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .join('/');
        if (UNPREPARED_FOLDERS.has(relative.split('/')[0]!)) continue;
        if (isResizableImage(relative)) found.add(relative);
      }
    }
    prepare(found);
    return found.size;
  }

  /** The variant of `relativePath` (a `folder/file` path under the upload roots), made if needed. */
  async function variant(
    relativePath: string,
    width: ImageWidth,
    format: ImageFormat,
  ): Promise<VariantResult> {
    const relative = safeRelativePath(relativePath);
    if (!relative) return { kind: 'bad-path' };
    if (!isResizableImage(relativePath)) return { kind: 'not-resizable' };
    const source = await findSource(relative);
    if (!source) return { kind: 'not-found' };

    const { key, file } = cacheFile(source, width, format);
    const original = (): VariantResult => ({
      kind: 'original',
      file: source.file,
      size: source.size,
      lastModified: source.mtime,
      contentType:
        CONTENT_TYPES[path.extname(source.file).slice(1).toLowerCase()] ?? 'application/octet-stream',
    });
    let cached = await fileStat(file);
    if (!cached) {
      if (failures.has(key)) return { kind: 'broken' };
      if (!inFlight.has(key) && urgent.waiting >= maxQueue) return original();
      const job = generation(
        key,
        (make) => urgent.run(make),
        () => generate(source.file, file, width, format),
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), waitMs);
      });
      try {
        if ((await Promise.race([job, late])) === 'late') {
          // Still made: the next request finds it.
          job.catch(() => {});
          return original();
        }
      } catch (err) {
        if (isDiskFull(err)) return { kind: 'disk-full' };
        if (isDomainError(err, VARIANT_PROCESS_LOST)) return original();
        rememberFailure(key);
        return { kind: 'broken', error: err };
      } finally {
        clearTimeout(timer);
      }
      cached = await fileStat(file);
      if (!cached) return { kind: 'not-found' };
    }
    return {
      kind: 'ok',
      file,
      size: cached.size,
      etag: `"${key.slice(0, 32)}"`,
      lastModified: source.mtime,
      contentType: `image/${format}`,
    };
  }

  return {
    variant,
    prepare,
    prepareAll,
    /** Variants queued for the background and not taken up yet. */
    get pending() {
      return later.webp.length + later.avif.length;
    },
    /** Drops what the background has not started (the server stops); what runs is finished. */
    close() {
      closed = true;
      later.webp.length = 0;
      later.avif.length = 0;
      queued.clear();
      return (draining ?? Promise.resolve()).then(() => child.close());
    },
    /** The image process: its id while it runs (it exits when idle), and how many were started. */
    get process() {
      return { pid: child.pid, starts: child.starts };
    },
    /** Generations started so far. */
    get made() {
      return made;
    },
  };
}

export type ImageVariants = ReturnType<typeof createImageVariants>;
