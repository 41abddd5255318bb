import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  type ImageWidth,
  isResizableImage,
} from '@vitrin/shared/media';
import type { Database } from '../db/client.ts';
import { withClusterLock } from '../db/cluster-lock.ts';
import { isDomainError } from '../errors.ts';
import type { FileStore } from '../storage/file-store.ts';
import { uploadKey } from '../storage/keys.ts';
import { isStoreUnavailable } from '../storage/unavailable.ts';
import { isDiskFull } from './disk-full.ts';
import { createVariantProcess, VARIANT_PROCESS_LOST } from './variant-process.ts';

/**
 * Resized WebP/AVIF copies of uploaded images, made with sharp in a child process (`variant-process.ts`) and
 * kept in the shop's file store (`cache/images/…`, on disk or in the bucket every node shares): in the
 * background when an image is saved (`prepare`: an upload, the demo's pictures, whatever is missing at
 * start), and at once for a request that comes first.
 *
 * - A variant's key is a hash of the source's key and version (the store's ETag) plus the width and format:
 *   a replaced upload gets new variants, and only allowed widths and formats ever reach here, so the cache
 *   holds at most (uploads × widths × formats) files (plus stale copies of replaced uploads).
 * - The store writes a file whole or not at all, so a reader never sees half a file.
 * - One variant is never made twice at once: on a node a request joins the generation under way (a
 *   background one too); across nodes the first to take the variant's lock (`withClusterLock`) makes it,
 *   looking once more whether it is stored, and stores it only where nothing is (`ifAbsent`); the others wait
 *   for the file. Requests' generations run a few at a time and go before the background's, which makes one
 *   at a time, and only while no request waits: every WebP of the queued images first, then their AVIFs.
 * - A request never gets a 503 for a variant not made yet: it waits for it, or, when as many requests wait
 *   already as may or its variant is not made within `waitMs`, it gets the original file (an `<img>` does
 *   not retry). A bucket refusing the write gives the original too; only a full disk answers 503.
 * - An image is never enlarged: a width above the original's gives the original width.
 * - The queue, the joining of requests and the fallback to the original are here; only the resizing is in the
 *   child, which exits after `idleMs` without work. A job whose child died is made by a new one once, then the
 *   request gets the original (not remembered as broken).
 */

export interface ImageVariantsOptions {
  /** The shop's files: sources are `uploads/{path}`, variants are kept as `cache/images/…`. */
  files: FileStore;
  /**
   * Read-only folders searched after the store (the bundled default image): what the shop ships, never
   * written. Their variants are kept in the store like the others.
   */
  bundledRoots?: string[];
  /**
   * The shop's database: with it a variant is made by one node of several (a lock per variant); a node that
   * finds another making it waits for the file to appear. Without it (one process), the in-process joining
   * alone.
   */
  database?: Database | undefined;
  /** This node's folder for the image process's output before it is stored (default: the system's temporary). */
  workDir?: string;
  /** Where in the store variants are kept (default `cache/images`). */
  cachePrefix?: string;
  /** Requests' generations at a time; default: one per two CPU cores (sharp already uses several threads each). */
  concurrency?: number;
  /** Requests' generations allowed to wait; a request beyond them gets the original file. */
  maxQueue?: number;
  /** The longest a request waits for its variant, in ms; then it gets the original (the variant is still made). */
  waitMs?: number;
  /** How long the child process stays without work before it exits, in ms. */
  idleMs?: number;
}

/** Where a result's bytes are: a file of the store, or of a bundled folder. */
interface Located {
  size: number;
  lastModified: Date;
  contentType: string;
  /** The content (or one range of it, inclusive), undefined when it went away meanwhile. */
  read(range?: { start: number; end: number }): Promise<Readable | undefined>;
}

export type VariantResult =
  | ({ kind: 'ok'; key: string; etag: string } & Located)
  | { kind: 'bad-path' }
  | { kind: 'not-resizable' }
  | { kind: 'not-found' }
  /** The variant is not made yet and waiting for it was not worth it, or the store refuses writes: the upload as it is. */
  | ({ kind: 'original' } & Located)
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

/** What a variant is made from, as its key names it: a new file under the same name has new variants. */
export interface VariantSource {
  /** The store key (`uploads/…`), or `bundled:{path}` for a bundled file. */
  id: string;
  /** The store's ETag, or the bundled file's size and time. */
  version: string;
}

/** Where a variant of `source` is kept in the store: `{prefix}/{2 hex}/{hash}.{format}`, and its hash. */
export function variantKey(
  source: VariantSource,
  width: ImageWidth,
  format: ImageFormat,
  prefix = 'cache/images',
) {
  const hash = createHash('sha256')
    .update(`${source.id}\0${source.version}\0${width}\0${format}`)
    .digest('hex');
  return { hash, key: `${prefix}/${hash.slice(0, 2)}/${hash}.${format}` };
}

const contentTypeOf = (name: string) =>
  CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** How often a node that finds another making a variant looks whether it is there yet. */
const OTHER_NODE_POLL_MS = 200;

export function createImageVariants({
  files,
  bundledRoots = [],
  database,
  workDir = path.join(os.tmpdir(), 'vitrin-variants'),
  cachePrefix = 'cache/images',
  concurrency = IMAGE_THREADS,
  maxQueue = 64,
  waitMs = 10_000,
  idleMs = 30_000,
}: ImageVariantsOptions) {
  const child = createVariantProcess({ idleMs, threads: IMAGE_THREADS });
  const resolvedRoots = bundledRoots.map((r) => path.resolve(r));
  const inFlight = new Map<string, Promise<void>>();
  const failures = new Set<string>();
  const urgent = createLimiter(concurrency);
  /** Variants to make in the background, WebP before AVIF; `queued` keeps one entry per variant. */
  const later: Record<ImageFormat, Array<{ relative: string; width: ImageWidth }>> = { webp: [], avif: [] };
  const queued = new Set<string>();
  let draining: Promise<void> | undefined;
  let closed = false;
  /** Generations started on this node, for the log and the tests (a variant made twice would count twice). */
  let made = 0;

  /** The upload `relative` (`folder/file`): in the store, else in a bundled folder. */
  async function findSource(relative: string) {
    const key = uploadKey(relative);
    const stored = await files.head(key);
    if (stored) {
      return {
        id: key,
        version: stored.etag,
        name: relative,
        size: stored.size,
        lastModified: stored.modified,
        read: async (range?: { start: number; end: number }) => (await files.read(key, range))?.body,
        local: () => files.localCopy(key),
      };
    }
    for (const root of resolvedRoots) {
      const file = path.join(root, relative);
      if (!file.startsWith(root + path.sep)) continue;
      const s = await fileStat(file);
      if (s) {
        return {
          id: `bundled:${relative}`,
          version: `${s.size}-${s.mtimeMs}`,
          name: relative,
          size: s.size,
          lastModified: s.mtime,
          read: async (range?: { start: number; end: number }) => createReadStream(file, range ?? {}),
          local: async () => ({ path: file, release: async () => {} }),
        };
      }
    }
    return undefined;
  }

  type Source = NonNullable<Awaited<ReturnType<typeof findSource>>>;

  /**
   * Makes the variant and stores it (never over one another node stored first). The image process needs
   * files: the source as a local file (the store's own on disk, a temporary copy from a bucket), its output in
   * `workDir`, then copied into the store.
   */
  async function produce(source: Source, key: string, hash: string, width: ImageWidth, format: ImageFormat) {
    const local = await source.local();
    // Removed meanwhile: nothing to make; the request finds no variant and no source.
    if (!local) return;
    const target = path.join(workDir, `${hash}.${randomBytes(6).toString('hex')}.${format}`);
    try {
      made++;
      await child.run({ source: local.path, target, width, format });
      await files.putFile(key, target, { contentType: `image/${format}`, ifAbsent: true });
    } finally {
      await unlink(target).catch(() => undefined);
      await local.release();
    }
  }

  /**
   * One variant across the nodes: under its lock the node looks again whether it was stored and makes it only
   * when not. A node that finds the lock taken makes nothing: a request's generation (`wait`) looks for the
   * file until it appears or `waitMs` passed (then the request gets the original), the background's moves on.
   */
  async function makeOnce(
    source: Source,
    width: ImageWidth,
    format: ImageFormat,
    wait: boolean,
  ): Promise<void> {
    const { key, hash } = variantKey(source, width, format, cachePrefix);
    let started = false;
    const work = async () => {
      started = true;
      if (!(await files.head(key))) await produce(source, key, hash, width, format);
    };
    // Without the database (away, or none) the node makes it alone: at worst twice across nodes, never
    // stored twice (`ifAbsent`), and never a picture remembered as broken for an outage.
    if (!database?.available()) return work();
    let round: Awaited<ReturnType<typeof withClusterLock>>;
    try {
      round = await withClusterLock(database, `image-variant:${hash}`, work);
    } catch (err) {
      if (started) throw err;
      return work();
    }
    if (round.ran || !wait) return;
    const until = Date.now() + waitMs;
    while (Date.now() < until && !(await files.head(key))) await setTimeout(OTHER_NODE_POLL_MS);
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
      try {
        const source = await findSource(relative);
        if (!source) continue;
        const { key } = variantKey(source, width, format, cachePrefix);
        if (failures.has(key) || (await files.head(key))) continue;
        await generation(
          key,
          (make) => make(),
          () => makeOnce(source, width, format, false),
        );
      } catch (err) {
        // A full disk, a bucket refusing or away, a lost process: made by a later round, not remembered.
        if (isDiskFull(err) || isStoreUnavailable(err) || isDomainError(err, VARIANT_PROCESS_LOST)) continue;
        const source = await findSource(relative).catch(() => undefined);
        if (source) rememberFailure(variantKey(source, width, format, cachePrefix).key);
      }
    }
  }

  /**
   * Queues every variant of these images (`folder/file` paths of the uploads) to be made in the background,
   * WebP first; those made already are skipped. Paths that are unsafe or not resizable are left out.
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

  /** Queues every image of the uploads (not customers' photos), as after a restart: what is missing is made. */
  async function prepareAll(): Promise<number> {
    const found = new Set<string>();
    const keep = (relative: string) => {
      if (UNPREPARED_FOLDERS.has(relative.split('/')[0]!)) return;
      if (isResizableImage(relative)) found.add(relative);
    };
    for await (const file of files.list('uploads/')) keep(file.key.slice('uploads/'.length));
    for (const root of resolvedRoots) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        keep(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
      }
    }
    prepare(found);
    return found.size;
  }

  /** The variant of `relativePath` (a `folder/file` path of the uploads), made if needed. */
  async function variant(
    relativePath: string,
    width: ImageWidth,
    format: ImageFormat,
  ): Promise<VariantResult> {
    if (!safeRelativePath(relativePath)) return { kind: 'bad-path' };
    if (!isResizableImage(relativePath)) return { kind: 'not-resizable' };
    const source = await findSource(relativePath);
    if (!source) return { kind: 'not-found' };

    const { key } = variantKey(source, width, format, cachePrefix);
    const original = (): VariantResult => ({
      kind: 'original',
      size: source.size,
      lastModified: source.lastModified,
      contentType: contentTypeOf(source.name),
      read: source.read,
    });
    let cached = await files.head(key);
    if (!cached) {
      if (failures.has(key)) return { kind: 'broken' };
      if (!inFlight.has(key) && urgent.waiting >= maxQueue) return original();
      const job = generation(
        key,
        (make) => urgent.run(make),
        () => makeOnce(source, width, format, true),
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = globalThis.setTimeout(() => resolve('late'), waitMs);
      });
      try {
        if ((await Promise.race([job, late])) === 'late') {
          // Still made: the next request finds it.
          job.catch(() => {});
          return original();
        }
      } catch (err) {
        if (isDiskFull(err)) return { kind: 'disk-full' };
        // A bucket refusing the write, a lost process: the upload as it is, which the page shows all the same.
        if (isStoreUnavailable(err) || isDomainError(err, VARIANT_PROCESS_LOST)) return original();
        rememberFailure(key);
        return { kind: 'broken', error: err };
      } finally {
        clearTimeout(timer);
      }
      cached = await files.head(key);
      // Another node is still making it, or the source went away meanwhile.
      if (!cached) return original();
    }
    return {
      kind: 'ok',
      key,
      size: cached.size,
      etag: `"${key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('/') + 33)}"`,
      lastModified: source.lastModified,
      contentType: `image/${format}`,
      read: async (range) => (await files.read(key, range))?.body,
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
