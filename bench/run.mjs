// Throughput bench: Vitrin's pages and API against a trivial Fastify server on the same machine.
// Usage: npm run bench (builds first) or node bench/run.mjs; BENCH_DURATION (s), BENCH_CONNECTIONS.

import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { machineInfo, outDir, runMain, startHello, startVitrin } from './server.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Long enough for the JIT and the server's caches to settle; the warm-up figures are thrown away.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
// What a browser sends: the servers compress, and compression is part of the cost we want to see.
const HEADERS = { 'accept-encoding': 'br, gzip' };

/** One plain request: checks the URL works and records what the bench is actually receiving. */
function probe(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            contentType: res.headers['content-type'] ?? '',
            contentEncoding: res.headers['content-encoding'] ?? 'identity',
            bytes,
          }),
        );
      })
      .on('error', reject);
  });
}

async function measure(target, url) {
  const response = await probe(url, HEADERS);
  // The uncompressed size too, to tell rendering cost from compression cost.
  response.uncompressedBytes = (await probe(url, { 'accept-encoding': 'identity' })).bytes;
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers: HEADERS });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: HEADERS });
  return {
    target,
    url,
    response,
    reqPerSec: r.requests.average,
    latencyMs: { average: r.latency.average, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerSec: r.throughput.average,
  };
}

const kB = (bytes) => (bytes / 1024).toFixed(1);

function printTable(results, baseline) {
  const rows = results.map((r) => [
    r.target,
    r.reqPerSec.toFixed(0),
    String(r.latencyMs.p99),
    String(r.non2xx + r.errors + r.timeouts),
    (r.reqPerSec / baseline).toFixed(2),
    `${r.response.status} ${r.response.contentEncoding} ${kB(r.response.bytes)}/${kB(r.response.uncompressedBytes)} kB`,
  ]);
  const head = ['target', 'req/s', 'p99 ms', 'non-2xx/err', 'x baseline', 'response (sent/raw)'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

runMain(async () => {
  console.log(`bench: ${DURATION} s per target, ${CONNECTIONS} connections, ${WARMUP} s warm-up each`);
  // Other work on the machine depresses every figure; the load average says whether a run can be trusted.
  const machine = machineInfo();
  // Both servers run for the whole bench but are measured one at a time, so they never compete for CPU.
  const hello = await startHello();
  const vitrin = await startVitrin();
  const targets = [
    ['baseline /', `${hello.url}/`],
    ['home page /', `${vitrin.url}/`],
    ['content /content/hakkimizda', `${vitrin.url}/content/hakkimizda`],
    ['api /api/front/home', `${vitrin.url}/api/front/home`],
  ];
  const results = [];
  for (const [target, url] of targets) {
    process.stdout.write(`  ${target} ...`);
    results.push(await measure(target, url));
    console.log(` ${results.at(-1).reqPerSec.toFixed(0)} req/s`);
  }
  await Promise.all([hello.stop(), vitrin.stop()]);

  const baseline = results[0].reqPerSec;
  for (const r of results) r.ratioToBaseline = r.reqPerSec / baseline;
  console.log();
  printTable(results, baseline);

  // Targets from the performance issue. A fast error page must not pass, so failures count as a miss.
  const byTarget = Object.fromEntries(results.map((r) => [r.target, r]));
  const clean = (r) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
  const api = byTarget['api /api/front/home'];
  const home = byTarget['home page /'];
  const checks = [
    {
      target: '/api/front/home >= 0.4 x baseline req/s',
      actual: `${api.ratioToBaseline.toFixed(2)} x`,
      pass: api.ratioToBaseline >= 0.4 && clean(api),
    },
    {
      target: 'home page >= 300 req/s',
      actual: `${home.reqPerSec.toFixed(0)} req/s`,
      pass: home.reqPerSec >= 300 && clean(home),
    },
  ];
  console.log();
  for (const c of checks) console.log(`${c.pass ? 'PASS' : 'MISS'}  ${c.target} (${c.actual})`);
  const loadAfter = machineInfo().loadAverage;
  console.log(
    `\nload average (1 min) ${machine.loadAverage[0]} before, ${loadAfter[0]} after, ${machine.cores} cores`,
  );

  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, 'latest.json');
  const summary = {
    date: new Date().toISOString(),
    machine: { ...machine, loadAverageAfter: loadAfter },
    settings: { durationSec: DURATION, connections: CONNECTIONS, warmupSec: WARMUP, headers: HEADERS },
    results,
    checks,
  };
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(process.cwd(), file)}`);
});
