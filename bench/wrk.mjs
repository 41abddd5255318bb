// The load generator of the benchmarks (bench/run.mjs, bench/money.mjs).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The load generator. wrk (C, `apt-get install wrk`) costs the shared 2 cores far less per answer than
 * autocannon (JavaScript), whose parsing of a 14 kB page capped every page near the same req/s; autocannon
 * is the fallback where wrk is missing. BENCH_LOADGEN=autocannon forces it, to compare with older figures.
 */
const WRK = '/usr/bin/wrk';
export const LOADGEN = process.env.BENCH_LOADGEN ?? (existsSync(WRK) ? 'wrk' : 'autocannon');

/**
 * One wrk run (one thread: the other core is the server's), read from its JSON line. `args` are those of
 * `wrk-load.lua`: the paths to GET in turn, or `POST`, a JSON body and the cookies to send it with.
 */
export function wrk(base, args, seconds, { connections, headers = {} }) {
  const header = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const wrkArgs = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', ...header];
  wrkArgs.push('-s', path.join(import.meta.dirname, 'wrk-load.lua'), base, '--', ...args);
  return new Promise((resolve, reject) => {
    execFile(WRK, wrkArgs, { maxBuffer: 1 << 24 }, (error, stdout) => {
      if (error) return reject(error);
      const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
      if (!line) return reject(new Error(`wrk printed no summary:\n${stdout}`));
      const r = JSON.parse(line);
      const ms = (us) => Math.round(us / 100) / 10;
      resolve({
        reqPerSec: r.requests / (r.durationUs / 1e6),
        latencyMs: {
          average: ms(r.mean),
          p50: ms(r.p50),
          p95: ms(r.p95),
          p99: ms(r.p99),
          max: ms(r.max),
        },
        requests: r.requests,
        non2xx: r.status,
        errors: r.connect + r.read + r.write,
        timeouts: r.timeout,
        bytesPerSec: r.bytes / (r.durationUs / 1e6),
      });
    });
  });
}
