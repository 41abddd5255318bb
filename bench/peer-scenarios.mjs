// The peer benchmark's four shop-API scenarios (../shared/peer-bench/vitrin-api.js: a listing, b product by
// slug, c search, d add to cart) with the same autocannon settings, and the server's memory around them:
// RSS idle before, after each scenario, and the highest RSS seen (sampled every 250 ms, and the kernel's
// own high-water mark, VmHWM, reset when the scenarios start, which no sampling can miss).
// Used by bench/run.mjs and bench/soak.mjs; alone: node bench/peer-scenarios.mjs <base URL> <server pid>
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in MB (`VmRSS`), or its high-water mark (`VmHWM`). */
export function rssMB(pid, field = 'VmRSS') {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))[1]) / 1024;
  } catch {
    return 0;
  }
}

/** CPU ticks (user + system) the process used so far. */
function ticks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

const mb = (n) => Math.round(n * 10) / 10;

/** What the scenarios need from the shop: every category, every product's slug, five single-stock products. */
async function catalogue(base) {
  const get = async (p) => (await fetch(base + p)).json();
  const categories = (await get('/api/front/categories'))
    .flatMap((c) => [c, ...(c.children ?? [])])
    .map((c) => c.slug);
  const slugs = [];
  const singles = [];
  for (const c of categories) {
    for (const item of (await get(`/api/front/categories/${c}/products?pageSize=48`)).listing.items) {
      if (!slugs.includes(item.slug)) slugs.push(item.slug);
      if (item.stockType === 1 && item.inStock && singles.length < 5 && !singles.includes(item.id))
        singles.push(item.id);
    }
  }
  return { categories, slugs, singles };
}

/** The autocannon options of the four scenarios, exactly as the peer bench sends them. */
export async function scenarioOptions(base) {
  const { categories, slugs, singles } = await catalogue(base);
  const json = (body) => typeof body === 'string' && body.startsWith('{');
  const terms = ['kupa', 'vazo', 'defter', 'havlu', 'deri'];
  // d) a shopper per connection: a new cart (cookie from the first answer), 10 adds over 5 products.
  const grab = (_status, _body, ctx, headers) => {
    const pairs = Array.isArray(headers)
      ? headers.flatMap((h, i) => (i % 2 ? [] : [[h, headers[i + 1]]]))
      : Object.entries(headers ?? {});
    for (const [k, v] of pairs)
      if (k.toLowerCase() === 'set-cookie')
        for (const c of [v].flat()) if (/vitrin_cart=/.test(c)) ctx.cookie = String(c).split(';')[0];
  };
  const headers = { 'content-type': 'application/json', origin: base };
  const adds = Array.from({ length: 10 }, (_, i) => ({
    method: 'POST',
    path: '/api/front/cart/items',
    headers,
    body: JSON.stringify({ productId: singles[i % singles.length], quantity: 1 }),
    onResponse: grab,
    setupRequest: (req, ctx) => {
      if (i === 0) {
        delete ctx.cookie;
        return req;
      }
      return { ...req, headers: { ...headers, cookie: ctx.cookie ?? '' } };
    },
  }));
  return {
    products: slugs.length,
    scenarios: [
      [
        'a) category listing, 12 products',
        {
          requests: categories.map((c) => ({
            method: 'GET',
            path: `/api/front/categories/${c}/products?pageSize=12`,
          })),
          verifyBody: json,
        },
      ],
      [
        `b) product by slug (rotating ${slugs.length} slugs)`,
        {
          requests: slugs.map((s) => ({ method: 'GET', path: `/api/front/products/${s}` })),
          verifyBody: json,
        },
      ],
      [
        'c) search by term (rotating 5 terms, 12 results)',
        {
          requests: terms.map((t) => ({ method: 'GET', path: `/api/front/search?q=${t}&pageSize=12` })),
          verifyBody: json,
        },
      ],
      ['d) add to cart (shopper per connection, 10 adds per cart)', { requests: adds, verifyBody: json }],
    ],
  };
}

/**
 * Runs the four scenarios against `base` (server process `pid`): each with a warm-up at 10 connections,
 * then `duration` seconds at each connection count. Returns a row per scenario and count, and the RSS
 * figures: idle before (after `idleSettleMs` of quiet), after each scenario, after all (idle again) and max.
 */
export async function runPeerScenarios(
  base,
  pid,
  { duration = 10, warmup = 3, connections = [10, 50], idleSettleMs = 5_000, log = () => {} } = {},
) {
  const { scenarios, products } = await scenarioOptions(base);
  await sleep(idleSettleMs);
  const idleBeforeMB = mb(rssMB(pid));
  log(`catalogue ${products} products; RSS idle ${idleBeforeMB} MB`);
  try {
    // "5" resets the process's peak RSS (VmHWM) to its current RSS (proc(5), clear_refs).
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the high-water mark then counts from the server's start.
  }
  const rows = [];
  let sampledMax = idleBeforeMB;
  for (const [name, options] of scenarios) {
    if (warmup) await autocannon({ url: base, ...options, connections: 10, duration: warmup });
    let rssMax = 0;
    for (const c of connections) {
      const t0 = performance.now();
      const s0 = ticks(pid);
      const timer = setInterval(() => {
        rssMax = Math.max(rssMax, rssMB(pid));
      }, 250);
      const r = await autocannon({ url: base, ...options, connections: c, duration, pipelining: 1 });
      clearInterval(timer);
      const seconds = (performance.now() - t0) / 1000;
      const row = {
        scenario: name,
        connections: c,
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        mismatches: r.mismatches,
        rssMaxMB: mb(rssMax),
        serverCores: Math.round(((ticks(pid) - s0) / 100 / seconds) * 100) / 100,
      };
      rows.push(row);
      sampledMax = Math.max(sampledMax, rssMax);
      log(
        `  ${name}, ${c} conn: ${row.reqPerSec} req/s, p50 ${row.p50} / p99 ${row.p99} ms, RSS max ${row.rssMaxMB} MB`,
      );
      await sleep(500);
    }
    rows.at(-1).rssAfterMB = mb(rssMB(pid));
  }
  await sleep(idleSettleMs);
  const idleAfterMB = mb(rssMB(pid));
  const memory = {
    idleBeforeMB,
    afterScenarioMB: Object.fromEntries(
      rows.filter((r) => r.rssAfterMB).map((r) => [r.scenario, r.rssAfterMB]),
    ),
    idleAfterMB,
    maxSampledMB: mb(sampledMax),
    highWaterMB: mb(rssMB(pid, 'VmHWM')),
  };
  log(
    `RSS idle before ${idleBeforeMB} MB, idle after ${idleAfterMB} MB, max ${memory.maxSampledMB} MB (high-water ${memory.highWaterMB} MB)`,
  );
  return { rows, memory };
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const [base, pid] = process.argv.slice(2);
  if (!base || !pid) {
    console.error('usage: node bench/peer-scenarios.mjs <base URL> <server pid>');
    process.exit(2);
  }
  const result = await runPeerScenarios(base, Number(pid), {
    duration: Number(process.env.DURATION ?? 10),
    warmup: Number(process.env.WARMUP ?? 3),
    log: console.log,
  });
  console.log(JSON.stringify(result.memory));
}
