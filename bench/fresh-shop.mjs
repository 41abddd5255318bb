// A fresh shop's first visitors: a new demo shop (new DATA_DIR, the compiled server) is asked, right after it
// answers, for the pages of 12 products and every image those pages name (img src and srcset, picture
// sources: every width and format), at FRESH_CONNECTIONS parallel connections (default 4), each address once.
// Goal: no 5xx (no 503 "busy" page, no image answered 503 while its variant is made).
// Usage: npm run bench:fresh (builds first) or node bench/fresh-shop.mjs. Writes bench/out/fresh-shop.json.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rssMB } from './peer-scenarios.mjs';
import { machineInfo, outDir, runMain, startVitrin } from './server.mjs';

const CONNECTIONS = Number(process.env.FRESH_CONNECTIONS ?? 4);
const PRODUCTS = Number(process.env.FRESH_PRODUCTS ?? 12);
const IDLE_MS = 3_000;
// FRESH_BACKGROUND=1: then wait until the background has made every variant of the demo's pictures, and say
// how long that took from the start and the server's RSS at idle after it.
const WAIT_BACKGROUND = process.env.FRESH_BACKGROUND === '1';
const HEADERS = { 'accept-encoding': 'br, gzip' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The RSS of the server's child processes (the image process, while it runs), in MB. */
const childrenRssMB = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .reduce((sum, child) => sum + rssMB(Number(child)), 0);
  } catch {
    return 0;
  }
};
/** Resized copies in the shop's cache (`DATA_DIR/cache/images`). */
const variantsMade = (dataDir) => {
  try {
    return readdirSync(path.join(dataDir, 'cache', 'images'), { recursive: true }).filter((f) =>
      /\.(webp|avif)$/.test(String(f)),
    ).length;
  } catch {
    return 0;
  }
};
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The image addresses an HTML page names: `src` and every `srcset` candidate of its img and source tags. */
export function imagesOf(html) {
  const found = new Set();
  for (const [tag] of html.matchAll(/<(?:img|source)\b[^>]*>/g)) {
    for (const [, name, value] of tag.matchAll(/\s(src|srcset|srcSet)="([^"]*)"/g)) {
      const decoded = value.replaceAll('&amp;', '&');
      const candidates = name === 'src' ? [decoded] : decoded.split(',').map((c) => c.trim().split(/\s+/)[0]);
      for (const url of candidates) if (url?.startsWith('/uploads/')) found.add(url);
    }
  }
  return [...found];
}

/** The first `count` product addresses of the shop's sitemap (the sitemap index, then its product file). */
async function productPaths(base, count) {
  const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  for (const file of locs(index)) {
    const paths = locs(await (await fetch(base + file)).text()).filter((p) => p.startsWith('/product/'));
    if (paths.length) return paths.slice(0, count);
  }
  throw new Error('no product in the sitemap');
}

runMain(async () => {
  const machine = machineInfo();
  const start = performance.now();
  const server = await startVitrin({ name: 'vitrin (fresh shop)' });
  const pages = await productPaths(server.url, PRODUCTS);
  await sleep(IDLE_MS);
  const rssIdle = rssMB(server.pid);
  let rssMax = rssIdle;
  let childrenRssMax = 0;
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, rssMB(server.pid));
    childrenRssMax = Math.max(childrenRssMax, childrenRssMB(server.pid));
  }, 100);

  const queue = [...pages];
  const seen = new Set(queue);
  const results = [];
  const started = performance.now();
  async function connection() {
    while (queue.length) {
      const url = queue.shift();
      const at = performance.now();
      const res = await fetch(server.url + url, { headers: HEADERS });
      const body = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - at;
      results.push({ url, status: res.status, ms, type: res.headers.get('content-type') ?? '' });
      if (url.startsWith('/product/') && res.ok) {
        for (const image of imagesOf(body.toString('utf8'))) {
          if (!seen.has(image)) {
            seen.add(image);
            queue.push(image);
          }
        }
      }
    }
  }
  // A page's images are only known once it has come: connections that find the queue empty wait for more.
  const workers = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    workers.push(
      (async () => {
        while (queue.length || results.length < seen.size) {
          await connection();
          await sleep(5);
        }
      })(),
    );
  }
  await Promise.all(workers);
  const doneMs = performance.now() - started;
  const variantsAtDone = variantsMade(server.dataDir);
  let background;
  if (WAIT_BACKGROUND) {
    // Every picture copied into the uploads, each in every width and format.
    const pictures = readdirSync(path.join(server.dataDir, 'uploads'), { recursive: true }).filter((f) =>
      /\.(webp|jpe?g|png)$/.test(String(f)),
    ).length;
    const expected = pictures * 12;
    while (variantsMade(server.dataDir) < expected) await sleep(2_000);
    const madeAfterS = Math.round((performance.now() - start) / 1000);
    await sleep(IDLE_MS);
    background = {
      pictures,
      variants: expected,
      madeAfterSeconds: madeAfterS,
      rssIdleAfterMB: Math.round(rssMB(server.pid)),
    };
    // A minute later: the image process has exited (30 s idle) and the shop is idle.
    await sleep(60_000);
    background.rssIdleMinuteAfterMB = Math.round(rssMB(server.pid));
    background.childrenRssMinuteAfterMB = Math.round(childrenRssMB(server.pid));
  }
  clearInterval(sampler);

  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const byStatus = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const images = results.filter((r) => r.url.startsWith('/uploads/'));
  const summary = {
    date: new Date().toISOString(),
    machine,
    connections: CONNECTIONS,
    products: pages.length,
    requests: results.length,
    pages: results.length - images.length,
    images: images.length,
    // A variant answered 200 with another type: the original, sent while its variant was being made.
    imagesAnsweredWithOriginal: images.filter(
      (r) =>
        r.status === 200 &&
        r.url.includes('f=') &&
        !r.type.includes(r.url.includes('f=avif') ? 'avif' : 'webp'),
    ).length,
    status: byStatus,
    errors5xx: results.filter((r) => r.status >= 500).length,
    doneSeconds: Math.round(doneMs / 100) / 10,
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      max: Math.round(latencies.at(-1) ?? 0),
    },
    rssMB: { idle: Math.round(rssIdle), max: Math.round(rssMax), childrenMax: Math.round(childrenRssMax) },
    variantsMadeWhenDone: variantsAtDone,
    background,
    failed: results.filter((r) => r.status >= 400).slice(0, 10),
  };
  console.log(JSON.stringify(summary, null, 2));
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'fresh-shop.json'), `${JSON.stringify(summary, null, 2)}\n`);
  if (summary.errors5xx) process.exitCode = 1;
});
