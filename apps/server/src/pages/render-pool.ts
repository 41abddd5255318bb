import { Worker } from 'node:worker_threads';
import type { Encoded } from '@vitrin/compression/compress';
import { DomainError } from '@vitrin/core/errors';
import { type DescribedError, describeError, reviveError } from './thread-errors.mjs';

/** A page request as a render thread needs it (plain data: it is copied to the thread). */
export interface RenderRequest {
  url: string;
  method: string;
  headers: Array<[string, string]>;
  /** The encoding this client takes (precompressed.ts `pickEncoding`). */
  encoding: keyof Encoded;
  /** The page cache may keep this answer: a 200 without cookies comes back in every encoding. */
  forCache: boolean;
}

/** A rendered answer: the body as made, or only compressed as the request asked. */
export interface Rendered {
  status: number;
  headers: Array<[string, string]>;
  /** The body as made; left out when `compressed` is given (nothing else needs it). */
  body?: Buffer;
  encoded?: Pick<Encoded, 'br' | 'gzip'>;
  compressed?: { encoding: 'br' | 'gzip'; body: Buffer };
}

export interface RenderPoolOptions {
  /** The storefront's server build (`build/server/index.js`) as a file path. */
  entry: string;
  mode: string;
  /**
   * The most threads the pool runs. They are started as renders need them, not up front: one at the first
   * render, another only while renders wait and no thread is starting. Each holds its own React, React
   * Router and route modules (35-50 MB resident), which a shop answering from its page cache and its API
   * does not need.
   */
  threads: number;
  /**
   * A thread with nothing to render for this long is stopped, giving back its heap (80-100 MB resident once
   * it has rendered a few hundred pages); the next render that finds no thread starts one (a few hundred ms).
   */
  idleMs?: number;
  /**
   * The most renders that may wait for a thread (`RENDERS_WAITING` by default); one more is turned away
   * (RENDER_BUSY_CODE) instead of being queued: the queue stays bounded (each render's wait: `maxWaitMs`).
   */
  maxWaiting?: number;
  /**
   * The longest a render may wait for a thread, in ms (`RENDER_WAIT` by default), counted from when a thread
   * is ready (not while the first one starts): one not started by then leaves the queue and is turned away
   * (RENDER_BUSY_CODE); it is never rendered later.
   */
  maxWaitMs?: number;
  onError?: (err: Error) => void;
}

/**
 * Why a render was not even started: the threads could not load the build (or the pool is closed). The
 * caller may render the page itself; nothing of the request has run on a thread.
 */
export const RENDER_POOL_UNAVAILABLE = 'SAYFA_ISLEYICILERI_YOK';
/** A render turned away (its page answers 503 with Retry-After). */
export const RENDER_BUSY_CODE = 'SAYFA_YOGUNLUGU';
const renderPoolUnavailable = (cause: Error) =>
  new DomainError(503, RENDER_POOL_UNAVAILABLE, `render threads unavailable: ${cause.message}`, undefined, {
    cause,
  });

/**
 * Renders that may wait for a thread. At 3-10 ms of CPU a page on two threads the last one waits well under
 * a second; beyond it a shop that cannot keep up says so at once (503) rather than letting every visitor
 * wait longer and every waiting request hold its memory.
 */
const RENDERS_WAITING = 64;
/**
 * The longest a render waits for a thread, in ms. The queue's bound does not bound each page's wait: on a
 * starved machine the render threads' loader calls wait for the request thread too, and pages that got into
 * the queue waited 7.4 s and more (p99, 150 connections, 2026-11-27). Past this a visitor is better served by
 * the busy page and its Retry-After than by a page that may still take as long again.
 */
const RENDER_WAIT = 5_000;
/** Seconds a visitor turned away waits before asking again (`Retry-After`). */
export const RENDER_RETRY_AFTER_SECONDS = 2;

/**
 * Why a render was turned away: as many renders wait for a thread as may (`maxWaiting`), it waited for one
 * longer than `maxWaitMs`, or its client left while it waited. Nothing of the request has run on a thread;
 * the client may ask again in `RENDER_RETRY_AFTER_SECONDS` (ssr.ts answers 503).
 */
const renderPoolBusy = (reason: 'queue full' | 'waited too long' | 'client left' = 'queue full') =>
  new DomainError(503, RENDER_BUSY_CODE, `render ${reason}`);

/** A render thread's V8 old generation, in MB: its React, route modules and four renders hold a few tens. */
const RENDER_THREAD_OLD_GENERATION_MB = 128;

/** Five minutes: a shop's quiet hours free the memory, a steady trickle of visitors keeps its thread. */
const RENDER_THREAD_IDLE_MS = 5 * 60_000;

/** Renders one thread works on at once: enough to keep it busy while its loaders wait on this thread. */
const RENDERS_PER_THREAD = 4;

type LoadContext = Record<string, unknown>;

interface Job {
  request: RenderRequest;
  context: LoadContext;
  resolve: (rendered: Rendered) => void;
  reject: (err: Error) => void;
  /** Called as the job leaves the queue (to a thread, or turned away): its wait is no longer watched. */
  left: () => void;
  /** Starts counting its wait (`maxWaitMs`), once a thread is ready to take renders; later calls do nothing. */
  arm: () => void;
}

interface Thread {
  worker: Worker;
  running: Map<number, Job>;
  ready: boolean;
  /** When it last had nothing to render (performance.now()). */
  idleSince: number;
  /** Stopped for being idle: its exit is no failure. */
  retired: boolean;
}

type FromThread =
  | { kind: 'ready' }
  | { kind: 'call'; id: number; call: number; path: string[]; args: unknown[] }
  | ({ kind: 'done'; id: number } & Rendered)
  | { kind: 'failed'; id: number; error: DescribedError };

/**
 * Renders pages on worker threads, so that one app node uses every core while the database (PGlite lives
 * in this thread) and the request handling stay here. A thread runs React Router and React's renderer with
 * a stand-in load context: each call a loader makes on it comes back to this thread and runs on the
 * request's real context (`LoadContext`), so sessions, cookies and the database are used exactly as
 * without threads.
 *
 * Requests wait in one queue, oldest first, at most `maxWaiting` of them and each at most `maxWaitMs` once
 * a thread is ready (more, or longer, are turned away with RENDER_BUSY_CODE; the time a thread takes to start
 * is not counted); a thread takes up to `RENDERS_PER_THREAD` at
 * once. Threads are started on demand (`threads`) and stopped after `idleMs` with nothing to render. A thread that dies fails the renders it held (they answer 500) and
 * the next renders start another; one that cannot load the build turns away what waits
 * (RENDER_POOL_UNAVAILABLE: the caller renders it itself), and the pool is no longer `usable`.
 */
export function createRenderPool(options: RenderPoolOptions) {
  const threads: Thread[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  /** Set when a thread could not even load the build: starting more would fail the same way. */
  let broken: Error | undefined;
  /** Every render still waiting leaves the queue (to be turned away). */
  const leaveAll = () => {
    const jobs = queue.splice(0);
    for (const job of jobs) job.left();
    return jobs;
  };

  const start = () => {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), {
      workerData: { entry: options.entry, mode: options.mode },
      // A render keeps little (React, the routes, one page at a time): a ceiling on the old generation makes
      // V8 collect a thread's garbage instead of growing its heap under load (soak, 3 min: RSS max 700
      // against 759 MB, 2026-11-25). A thread that still reached it would be replaced like one that died.
      resourceLimits: { maxOldGenerationSizeMb: RENDER_THREAD_OLD_GENERATION_MB },
    });
    const thread: Thread = {
      worker,
      running: new Map(),
      ready: false,
      idleSince: performance.now(),
      retired: false,
    };
    threads.push(thread);
    worker.on('message', (message: FromThread) => onMessage(thread, message));
    let failure: Error | undefined;
    worker.on('error', (err) => {
      failure = err;
      options.onError?.(err);
    });
    worker.on('exit', () => {
      if (thread.retired) return;
      threads.splice(threads.indexOf(thread), 1);
      const lost = failure ?? new Error('render thread stopped');
      for (const job of thread.running.values()) job.reject(lost);
      thread.running.clear();
      if (closed) return;
      if (!failure) options.onError?.(lost);
      if (!thread.ready) {
        broken = lost;
        for (const job of leaveAll()) job.reject(renderPoolUnavailable(lost));
        return;
      }
      dispatch();
    });
  };

  const onMessage = (thread: Thread, message: FromThread) => {
    if (message.kind === 'ready') {
      thread.ready = true;
      thread.idleSince = performance.now();
      // Renders that came while no thread was ready start counting their wait now.
      for (const job of queue) job.arm();
      return dispatch();
    }
    const job = thread.running.get(message.id);
    if (!job) return;
    if (message.kind === 'call') {
      const answer = (result: { value: unknown } | { error: DescribedError }) =>
        thread.worker.postMessage({ kind: 'answer', call: message.call, ...result });
      answerCall(job.context, message.path, message.args)
        .then((value) => answer({ value }))
        // A value that cannot be copied to the thread (postMessage throws) is answered as an error too.
        .catch((err: unknown) => answer({ error: describeError(err) }));
      return;
    }
    thread.running.delete(message.id);
    if (thread.running.size === 0) thread.idleSince = performance.now();
    if (message.kind === 'done') {
      const { kind: _kind, id: _id, ...rendered } = message;
      job.resolve(asBuffers(rendered));
    } else {
      job.reject(reviveError(message.error));
    }
    dispatch();
  };

  const dispatch = () => {
    while (queue.length) {
      let free: Thread | undefined;
      for (const thread of threads) {
        if (
          thread.ready &&
          thread.running.size < RENDERS_PER_THREAD &&
          (!free || thread.running.size < free.running.size)
        )
          free = thread;
      }
      if (!free) return grow();
      const job = queue.shift()!;
      // Started: it runs to its end whatever its wait was, also for a client that has left meanwhile.
      job.left();
      const id = nextId++;
      free.running.set(id, job);
      free.worker.postMessage({ kind: 'render', id, ...job.request, values: plainValues(job.context) });
    }
  };

  /** Renders wait and every thread is busy: one more thread, unless one is starting (it takes them). */
  const grow = () => {
    if (closed || broken || threads.length >= options.threads) return;
    if (threads.some((thread) => !thread.ready)) return;
    start();
  };

  const idleMs = options.idleMs ?? RENDER_THREAD_IDLE_MS;
  const maxWaiting = options.maxWaiting ?? RENDERS_WAITING;
  const maxWaitMs = options.maxWaitMs ?? RENDER_WAIT;
  /** Threads idle for `idleMs` leave the pool before they stop, so no render is given to them meanwhile. */
  const retireIdle = () => {
    const now = performance.now();
    for (const thread of [...threads]) {
      if (!thread.ready || thread.running.size > 0 || now - thread.idleSince < idleMs) continue;
      thread.retired = true;
      threads.splice(threads.indexOf(thread), 1);
      void thread.worker.terminate();
    }
  };
  const idleCheck = setInterval(retireIdle, Math.max(10, Math.min(idleMs / 4, 30_000)));
  idleCheck.unref();

  return {
    /** False once a thread could not load the build: pages are then rendered on the request thread. */
    get usable() {
      return !closed && !broken;
    },
    /** As many renders wait as may: the next `render` would be turned away (RENDER_BUSY_CODE). */
    get full() {
      return queue.length >= maxWaiting;
    },
    /** Threads started (or starting) now. */
    get threadCount() {
      return threads.length;
    },
    /**
     * Starts a thread now if none runs or starts, so the first visitors after a start find one ready (it
     * stops after `idleMs` with nothing to render, like any other).
     */
    warm() {
      if (!closed && !broken && threads.length === 0) start();
    },
    /**
     * Renders on a thread. A render not started within `maxWaitMs`, or whose `signal` aborts before (its
     * client left), leaves the queue and is turned away (RENDER_BUSY_CODE): no thread ever runs it, so no
     * loader call of it reaches the load context. A render started on a thread is not interrupted.
     */
    render(request: RenderRequest, context: LoadContext, signal?: AbortSignal): Promise<Rendered> {
      if (closed || broken)
        return Promise.reject(renderPoolUnavailable(broken ?? new Error('render pool closed')));
      if (queue.length >= maxWaiting) return Promise.reject(renderPoolBusy());
      if (signal?.aborted) return Promise.reject(renderPoolBusy('client left'));
      return new Promise((resolve, reject) => {
        const drop = (reason: 'waited too long' | 'client left') => {
          const at = queue.indexOf(job);
          if (at === -1) return;
          queue.splice(at, 1);
          job.left();
          reject(renderPoolBusy(reason));
        };
        let timer: NodeJS.Timeout | undefined;
        let gone = false;
        const abandoned = () => drop('client left');
        signal?.addEventListener('abort', abandoned, { once: true });
        const left = () => {
          gone = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', abandoned);
        };
        const arm = () => {
          if (!gone && !timer) timer = setTimeout(() => drop('waited too long'), maxWaitMs);
        };
        const job: Job = { request, context, resolve, reject, left, arm };
        queue.push(job);
        // The wait counts from when a thread is ready: a thread starting (the first after a start or a quiet
        // spell, a few hundred ms, seconds on a busy machine) is no overload to shed.
        if (threads.some((thread) => thread.ready)) arm();
        dispatch();
      });
    },
    async close() {
      closed = true;
      clearInterval(idleCheck);
      // Renders not yet on a thread are turned away like those of a pool that cannot load the build; the
      // ones on a thread fail as the thread stops.
      const closing = new Error('render pool closed');
      for (const job of leaveAll()) job.reject(renderPoolUnavailable(closing));
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;

/**
 * The context's plain values (nonce, flags, public config) travel with the request; its functions and its
 * namespaces of functions (`account`, `blog`) stay here and are called from the thread.
 */
function plainValues(context: LoadContext): LoadContext {
  const values: LoadContext = {};
  for (const [key, value] of Object.entries(context)) {
    const callable =
      typeof value === 'function' ||
      (typeof value === 'object' &&
        value !== null &&
        Object.values(value).some((v) => typeof v === 'function'));
    if (!callable) values[key] = value;
  }
  return values;
}

async function answerCall(context: LoadContext, path: string[], args: unknown[]): Promise<unknown> {
  let owner: unknown = context;
  for (const key of path.slice(0, -1)) owner = (owner as LoadContext | undefined)?.[key];
  const method = (owner as LoadContext | undefined)?.[path.at(-1) ?? ''];
  if (typeof method !== 'function') throw new TypeError(`context.${path.join('.')} is not a function`);
  return method.apply(owner, args);
}

/** Bytes arrive as Uint8Arrays: Fastify sends Buffers as they are. */
function asBuffers(rendered: Rendered): Rendered {
  const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ...rendered,
    body: rendered.body && buffer(rendered.body),
    encoded: rendered.encoded && { br: buffer(rendered.encoded.br), gzip: buffer(rendered.encoded.gzip) },
    compressed: rendered.compressed && {
      encoding: rendered.compressed.encoding,
      body: buffer(rendered.compressed.body),
    },
  };
}
