import http from 'node:http';
import type { Server } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AccountTestApp, createAccountTestApp } from '../../test/accounts.ts';
import { HOLD_CHANNEL, SEEN_CHANNEL } from '../../test/render-pool-build.mjs';
import { tempDir } from '../../test/server.ts';
import { testWebBuild } from '../../test/web-build.ts';

/**
 * A shop whose render threads cannot take more pages (`RENDER_QUEUE` renders already wait): the next page is
 * answered at once with 503, Retry-After and a page in Turkish, not queued without bound. A page that waits
 * for a thread past `RENDER_WAIT_MS`, or whose client leaves while it waits, is dropped and never rendered.
 */
const dir = tempDir();
const standIn = path.join(import.meta.dirname, '../../test/render-pool-build.mjs');
let t: AccountTestApp;
let slug: string;
/** The `/seen/:name` pages whose loader ran on a render thread, in order. */
const seen: string[] = [];
const seenChannel = new BroadcastChannel(SEEN_CHANNEL);
seenChannel.onmessage = (event: MessageEvent<string>) => {
  seen.push(event.data);
};

/** A shop of one render thread and room for one page in its queue, rendering the stand-in build. */
const shopWithOneThread = (dataDir: string, entry: string, renderWaitMs: number) =>
  createAccountTestApp({
    demo: true,
    webBuild: testWebBuild,
    webBuildEntry: entry,
    config: {
      webBuildDir: path.join(dataDir, 'web'),
      dataDir,
      renderThreads: 1,
      renderQueue: 1,
      renderWaitMs,
    },
  });

beforeAll(async () => {
  // No page waits past the limit here: pages wait exactly as long as the tests hold the thread.
  t = await shopWithOneThread(dir.dir, standIn, 600_000);
  const [row] = await t.services.database.query<{ slug: string }>(
    'select slug from products where is_active order by id limit 1',
  );
  slug = row!.slug;
});

afterAll(async () => {
  seenChannel.close();
  await t.close();
  dir.remove();
});

const getFrom = (app: FastifyInstance, url: string) => app.inject({ url, headers: { accept: 'text/html' } });
const get = (url: string) => getFrom(t.app, url);

/**
 * Four renders (all one thread takes at once) held on the thread until `release`, which answers their
 * statuses once they are done. The thread is started first, and `seen` emptied.
 */
async function holdThread(app: FastifyInstance) {
  // With a tiny RENDER_WAIT_MS the pages that come while the thread starts wait past it: asked again.
  await vi.waitFor(async () => expect((await getFrom(app, '/seen/warm')).statusCode).toBe(200), {
    timeout: 30_000,
    interval: 100,
  });
  await vi.waitFor(() => expect(seen).toContain('warm'));
  seen.length = 0;
  const held = new Set<string>();
  const channel = new BroadcastChannel(HOLD_CHANNEL);
  channel.onmessage = (event: MessageEvent<{ held: string }>) => {
    held.add(event.data.held);
  };
  const pages = ['1', '2', '3', '4'].map((n) => getFrom(app, `/hold/${n}`));
  await vi.waitFor(() => expect(held.size).toBe(4), { timeout: 30_000, interval: 20 });
  return async () => {
    channel.postMessage('release');
    const statuses = (await Promise.all(pages)).map((page) => page.statusCode);
    channel.close();
    return statuses;
  };
}

/** Which of `answers` comes first, and what it is. */
const firstOf = <T>(answers: Array<Promise<T>>) =>
  Promise.race(answers.map((answer, index) => answer.then((value) => ({ index, value }))));

/** The busy page as answered to a browser and to React Router's data request. */
function expectBusy(page: Awaited<ReturnType<typeof get>>, data: Awaited<ReturnType<typeof get>>) {
  expect(page.statusCode).toBe(503);
  expect(page.headers['retry-after']).toBe('2');
  expect(page.headers['cache-control']).toBe('no-store');
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(page.body).toContain('<html lang="tr">');
  expect(page.body).toContain('Çok yoğunuz');
  expect(page.body).toContain('Birkaç saniye sonra sayfayı yenileyin');
  expect(data.statusCode).toBe(503);
  expect(data.headers['retry-after']).toBe('2');
  expect(data.json()).toEqual({
    error: { code: 'SAYFA_YOGUNLUGU', message: expect.stringContaining('çok yoğunuz') },
  });
}

/** The page `name` was rendered after everything before it: none of the pages dropped ran. */
async function expectOnlyRendered(name: string) {
  await vi.waitFor(() => expect(seen).toContain(name));
  expect(seen).toEqual([name]);
}

describe('a full render queue', () => {
  it('answers the next page 503 with Retry-After and a Turkish page, its data request with the error code, and renders the waiting page', async () => {
    const release = await holdThread(t.app);
    // Two pages at once: the first to reach the queue fills it (RENDER_QUEUE=1), the other is answered at once.
    const pages = [get(`/product/${slug}`), get(`/product/${slug}`)];
    const turnedAway = await firstOf(pages);
    expectBusy(turnedAway.value, await get(`/product/${slug}.data`));

    expect(await release()).toEqual([200, 200, 200, 200]);
    const first = await pages[1 - turnedAway.index]!;
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(slug);
    // With room in the queue again, pages are rendered.
    expect((await get(`/product/${slug}`)).statusCode).toBe(200);
  });
});

describe('a page whose client closes the connection while it waits for a render thread', () => {
  it('is dropped: never rendered, and its place in the queue is free for the next page', async () => {
    await t.app.listen({ port: 18779, host: '127.0.0.1' });
    const release = await holdThread(t.app);
    // Two pages over real connections: the first to reach the queue fills it (RENDER_QUEUE=1), the other is
    // answered 503 at once. The one still waiting is then given up by its client.
    const requests = ['x', 'y'].map((name) =>
      http.get({ host: '127.0.0.1', port: 18779, path: `/seen/${name}`, agent: false }),
    );
    const answered = await firstOf(
      requests.map((req) => new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve))),
    );
    expect(answered.value.statusCode).toBe(503);
    answered.value.resume();
    const waiting = requests[1 - answered.index]!;
    waiting.on('error', () => {});
    waiting.destroy();
    const connections = (server: Server) =>
      new Promise<number>((resolve, reject) =>
        server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
      );
    await vi.waitFor(async () => expect(await connections(t.app.server)).toBe(0));

    // With its place free, the next page waits for the thread instead of being turned away.
    const next = get('/seen/next');
    expect(await release()).toEqual([200, 200, 200, 200]);
    expect((await next).statusCode).toBe(200);
    await expectOnlyRendered('next');
  });
});

describe('a page that waits for a render thread past RENDER_WAIT_MS', () => {
  const waitDir = tempDir();
  let w: AccountTestApp;
  beforeAll(async () => {
    w = await shopWithOneThread(waitDir.dir, standIn, 1);
  });
  afterAll(async () => {
    await w.close();
    waitDir.remove();
  });
  const getW = (url: string) => getFrom(w.app, url);

  it('is answered 503 with Retry-After and the Turkish page, never rendered, and leaves the queue empty', async () => {
    const release = await holdThread(w.app);

    expectBusy(await getW('/seen/late'), await getW('/seen/late.data'));

    expect(await release()).toEqual([200, 200, 200, 200]);
    // Nothing is left in the queue (RENDER_QUEUE=1): the next page goes to the thread at once.
    expect((await getW('/seen/next')).statusCode).toBe(200);
    await expectOnlyRendered('next');
  });
});
