import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDomainError } from '@vitrin/core/errors';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createRenderPool,
  RENDER_BUSY_CODE,
  RENDER_POOL_UNAVAILABLE,
  RENDER_RETRY_AFTER_SECONDS,
  type RenderPool,
  type RenderRequest,
} from './render-pool.ts';

/**
 * Render threads (render-pool.ts) with a stand-in storefront build (render-pool-test-build.mjs): the
 * loaders' calls on the load context come back to this thread, and a thread that dies is replaced.
 */
const entry = path.join(import.meta.dirname, '../../test/render-pool-build.mjs');

const request = (pathname: string, overrides: Partial<RenderRequest> = {}): RenderRequest => ({
  url: `http://magaza.test${pathname}`,
  method: 'GET',
  headers: [['accept', 'text/html']],
  encoding: 'identity',
  forCache: false,
  ...overrides,
});

/** The test build writes the loaders' data as JSON into the page. */
const loaderData = (body: Buffer | undefined) =>
  JSON.parse(/<pre>(.*)<\/pre>/s.exec(body?.toString() ?? '')![1]!).loaderData;

describe('render pool', () => {
  let pool: RenderPool;
  beforeAll(() => {
    pool = createRenderPool({ entry, mode: 'production', threads: 2 });
  });
  afterAll(() => pool.close());

  it('answers a loader call on the load context from this thread, with the values it was given', async () => {
    const seen: unknown[] = [];
    const rendered = await pool.render(request('/product/mavi-kupa'), {
      nonce: 'abc',
      product: async (slug: string) => {
        seen.push(slug);
        return { slug, name: 'Mavi Kupa', added: new Date(Date.UTC(2026, 0, 1)) };
      },
    });
    expect(rendered.status).toBe(200);
    expect(seen).toEqual(['mavi-kupa']);
    expect(loaderData(rendered.body).product).toEqual({
      product: { slug: 'mavi-kupa', name: 'Mavi Kupa', added: '2026-01-01T00:00:00.000Z' },
      nonce: 'abc',
    });
  });

  it('runs a method with its object as `this` and hands it the loader arguments as they were', async () => {
    const account = {
      prefix: 'merhaba',
      async greet(arg: { sent: Date; text: string }) {
        return `${this.prefix} ${arg.text} ${arg.sent.getTime()}`;
      },
    };
    const rendered = await pool.render(request('/thread/greet'), { greet: account.greet.bind(account) });
    expect(loaderData(rendered.body).thread).toEqual({ value: 'merhaba ığüşöç 0' });
  });

  it("gives the loader a context call's error with its name, message and code", async () => {
    const rendered = await pool.render(request('/thread/fail'), {
      fail: async () => {
        throw Object.assign(new RangeError('Stok yetersiz'), { code: 'STOK_YETERSIZ' });
      },
    });
    expect(loaderData(rendered.body).thread).toEqual({
      error: { name: 'RangeError', message: 'Stok yetersiz', code: 'STOK_YETERSIZ' },
    });
  });

  it('answers a call whose value cannot cross threads with an error, not a hang', async () => {
    const rendered = await pool.render(request('/thread/fn'), { fn: async () => () => 1 });
    expect(loaderData(rendered.body).thread.error.name).toBe('DataCloneError');
  });

  it('answers an unknown route with its 404 status', async () => {
    const rendered = await pool.render(request('/product/yok'), { product: async () => null });
    expect(rendered.status).toBe(404);
  });

  it('compresses in the encoding asked, and in every encoding when the page may be cached', async () => {
    const context = { nonce: 'n', product: async (slug: string) => ({ slug, text: 'çok '.repeat(500) }) };
    const once = await pool.render(request('/product/a', { encoding: 'br' }), context);
    expect(once.compressed?.encoding).toBe('br');
    expect(once.encoded).toBeUndefined();
    expect(once.body).toBeUndefined();
    const cached = await pool.render(request('/product/a', { encoding: 'br', forCache: true }), context);
    expect(cached.encoded?.br.length).toBeGreaterThan(0);
    expect(cached.encoded?.gzip.length).toBeGreaterThan(0);
    expect(cached.compressed).toBeUndefined();
  });

  it('renders many pages at once, more than the threads take at a time', async () => {
    const product = async (slug: string) => ({ slug });
    const pages = await Promise.all(
      Array.from({ length: 30 }, (_, i) => pool.render(request(`/product/p-${i}`), { nonce: 'n', product })),
    );
    expect(pages.map((p) => loaderData(p.body).product.product.slug)).toEqual(
      Array.from({ length: 30 }, (_, i) => `p-${i}`),
    );
  });

  it('starts no thread before the first render, one for renders one at a time, more only while renders wait', async () => {
    const lazy = createRenderPool({ entry, mode: 'production', threads: 2 });
    const product = async (slug: string) => ({ slug });
    try {
      expect(lazy.threadCount).toBe(0);
      for (const slug of ['a', 'b', 'c'])
        await lazy.render(request(`/product/${slug}`), { nonce: 'n', product });
      expect(lazy.threadCount).toBe(1);
      // More than one thread takes at a time: the waiting ones start the second.
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          lazy.render(request(`/product/p-${i}`), { nonce: 'n', product }),
        ),
      );
      expect(lazy.threadCount).toBe(2);
    } finally {
      await lazy.close();
    }
  });

  it('stops a thread that had nothing to render for a while, quietly, and starts one for the next render', async () => {
    const onError = vi.fn();
    const idle = createRenderPool({ entry, mode: 'production', threads: 2, idleMs: 300, onError });
    const product = async (slug: string) => ({ slug });
    try {
      await idle.render(request('/product/a'), { nonce: 'n', product });
      expect(idle.threadCount).toBe(1);
      await vi.waitFor(() => expect(idle.threadCount).toBe(0), { timeout: 10_000, interval: 50 });
      const again = await idle.render(request('/product/b'), { nonce: 'n', product });
      expect(again.status).toBe(200);
      expect(loaderData(again.body).product).toEqual({ product: { slug: 'b' }, nonce: 'n' });
      expect(idle.threadCount).toBe(1);
      expect(onError).not.toHaveBeenCalled();
    } finally {
      await idle.close();
    }
  });

  it('fails the renders of a thread that dies and renders the next pages on its replacement', async () => {
    const product = async (slug: string) => ({ slug });
    const reported: string[] = [];
    const lonely = createRenderPool({
      entry,
      mode: 'production',
      threads: 1,
      onError: (err) => reported.push(err.message),
    });
    try {
      await expect(lonely.render(request('/thread/exit'), {})).rejects.toThrow('render thread stopped');
      expect(reported).toEqual(['render thread stopped']);
      const after = await lonely.render(request('/product/sonra'), { nonce: 'n', product });
      expect(loaderData(after.body).product).toEqual({ product: { slug: 'sonra' }, nonce: 'n' });
    } finally {
      await lonely.close();
    }
  });

  it('on close, turns away the renders still waiting for a thread and fails those on it, leaving none open', async () => {
    const closing = createRenderPool({ entry, mode: 'production', threads: 1 });
    let started = 0;
    // Each loader waits for an answer that never comes: four renders hold the thread, two wait in the queue.
    const context = {
      hang: () => {
        started++;
        return new Promise(() => {});
      },
    };
    const renders = Array.from({ length: 6 }, () =>
      closing.render(request('/thread/hang'), context).then(
        () => 'answered',
        (err: unknown) => (isDomainError(err, RENDER_POOL_UNAVAILABLE) ? 'turned away' : 'failed'),
      ),
    );
    await vi.waitFor(() => expect(started).toBe(4));
    await closing.close();
    expect((await Promise.all(renders)).sort()).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'turned away',
      'turned away',
    ]);
  });

  it('turns a render away at once when as many wait as may, and takes renders again once the queue has room', async () => {
    const bounded = createRenderPool({ entry, mode: 'production', threads: 1, maxWaiting: 2 });
    const release: Array<() => void> = [];
    // Each loader waits until the test lets it go: four renders hold the thread, two wait in the queue.
    const context = { hang: () => new Promise((resolve) => release.push(() => resolve(1))) };
    try {
      // The thread is started and ready: renders go to it as they come.
      await bounded.render(request('/product/a'), {
        nonce: 'n',
        product: async (slug: string) => ({ slug }),
      });
      const held = Array.from({ length: 6 }, () => bounded.render(request('/thread/hang'), context));
      await vi.waitFor(() => expect(release).toHaveLength(4), { timeout: 10_000 });
      const turnedAway = bounded.render(request('/thread/hang'), context);
      await expect(turnedAway).rejects.toMatchObject({ code: RENDER_BUSY_CODE });
      expect(RENDER_RETRY_AFTER_SECONDS).toBe(2);
      // No thread was started for it and nothing of it ran.
      expect(bounded.threadCount).toBe(1);
      expect(release).toHaveLength(4);
      // The held renders finish; the waiting two run; a new one is taken again.
      for (const go of release.splice(0)) go();
      await vi.waitFor(() => expect(release).toHaveLength(2), { timeout: 10_000 });
      const again = bounded.render(request('/thread/hang'), context);
      await vi.waitFor(() => expect(release).toHaveLength(3), { timeout: 10_000 });
      for (const go of release.splice(0)) go();
      const pages = await Promise.all([...held, again]);
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    } finally {
      await bounded.close();
    }
  });

  /**
   * A pool of one thread held by four renders whose loaders wait until `release`, one render's room in its
   * queue, and `late`, a loader that counts its calls. The pool is started and ready before the renders come
   * (with a tiny `maxWaitMs` the first render, which waits for the thread to start, may be turned away).
   */
  async function heldPool(maxWaitMs: number) {
    const pool = createRenderPool({ entry, mode: 'production', threads: 1, maxWaiting: 1, maxWaitMs });
    const product = async (slug: string) => ({ slug });
    await vi.waitFor(() => pool.render(request('/product/a'), { nonce: 'n', product }), {
      timeout: 10_000,
      interval: 50,
    });
    const release: Array<() => void> = [];
    const hang = () => new Promise((resolve) => release.push(() => resolve(1)));
    const started = new AbortController();
    const held = Array.from({ length: 4 }, () =>
      pool.render(request('/thread/hang'), { hang }, started.signal),
    );
    await vi.waitFor(() => expect(release).toHaveLength(4), { timeout: 10_000 });
    const late = { calls: 0, context: { late: async () => ++late.calls } };
    return {
      pool,
      late,
      /** The clients of the held renders leave: renders already on a thread are not interrupted. */
      leave: () => started.abort(),
      /** Lets the held renders finish, then renders one more page: its answer comes after any other's. */
      async release() {
        for (const go of release.splice(0)) go();
        const statuses = (await Promise.all(held)).map((p) => p.status);
        const after = await pool.render(request('/product/b'), { nonce: 'n', product });
        return [...statuses, after.status];
      },
    };
  }

  it('turns a render away that waited for a thread past its limit, frees its place and never runs it', async () => {
    const { pool, late, release } = await heldPool(1);
    try {
      const turnedAway = pool.render(request('/thread/late'), late.context);
      await expect(turnedAway).rejects.toMatchObject({ code: RENDER_BUSY_CODE });
      await expect(turnedAway).rejects.toMatchObject({ message: 'render waited too long' });
      expect(pool.full).toBe(false);
      // Its place was free for the next one, which waited (not turned away as by a full queue).
      await expect(pool.render(request('/thread/late'), late.context)).rejects.toThrow(
        'render waited too long',
      );
      expect(await release()).toEqual([200, 200, 200, 200, 200]);
      expect(late.calls).toBe(0);
      expect(pool.full).toBe(false);
    } finally {
      await pool.close();
    }
  });

  it('drops a waiting render whose client left, before or while it waited, and finishes those already started', async () => {
    const { pool, late, leave, release } = await heldPool(600_000);
    try {
      const client = new AbortController();
      const waiting = pool.render(request('/thread/late'), late.context, client.signal);
      expect(pool.full).toBe(true);
      client.abort();
      await expect(waiting).rejects.toThrow('render client left');
      expect(pool.full).toBe(false);
      // A client that left before its render reached the pool takes no place in the queue.
      await expect(pool.render(request('/thread/late'), late.context, client.signal)).rejects.toMatchObject({
        code: RENDER_BUSY_CODE,
      });
      expect(pool.full).toBe(false);
      leave();
      expect(await release()).toEqual([200, 200, 200, 200, 200]);
      expect(late.calls).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('rejects renders when the build cannot be loaded and says it is not usable, without starting threads over and over', async () => {
    const broken = createRenderPool({
      entry: path.join(import.meta.dirname, 'no-such-build.js'),
      mode: 'production',
      threads: 2,
    });
    try {
      expect(broken.usable).toBe(true);
      const first = broken.render(request('/'), {});
      await expect(first).rejects.toThrow(/no-such-build/);
      // Its own kind of error: the page was never started on a thread, so the caller may render it itself.
      await expect(first).rejects.toMatchObject({ code: RENDER_POOL_UNAVAILABLE });
      expect(broken.usable).toBe(false);
      await expect(broken.render(request('/'), {})).rejects.toThrow(/no-such-build/);
    } finally {
      await broken.close();
    }
  });

  it('does not turn away the renders that wait while its first thread starts, however long the start takes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-slow-build-'));
    // A build that takes a second to load, as on a busy machine: far longer than the renders may wait.
    const slow = path.join(dir, 'slow-build.mjs');
    writeFileSync(
      slow,
      `await new Promise((r) => setTimeout(r, 1000));\nexport * from ${JSON.stringify(pathToFileURL(entry).href)};\n`,
    );
    const pool = createRenderPool({ entry: slow, mode: 'production', threads: 1, maxWaitMs: 50 });
    try {
      const product = async (slug: string) => ({ slug });
      const pages = await Promise.all(
        ['a', 'b', 'c', 'd'].map((slug) => pool.render(request(`/product/${slug}`), { nonce: 'n', product })),
      );
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200]);
    } finally {
      await pool.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts a thread when warmed, before any render', async () => {
    const pool = createRenderPool({ entry, mode: 'production', threads: 2 });
    try {
      expect(pool.threadCount).toBe(0);
      pool.warm();
      pool.warm();
      expect(pool.threadCount).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
