// The RSS of the running server (and of the CLI) while `vitrin backup FILE` backs up a large shop: the server's
// at idle and at its highest during the backup (sampled every 50 ms from /proc), the CLI's highest, the time.
// Usage: node bench/backup-memory.mjs DATA_DIR [BUILD_DIR]
//   DATA_DIR: a copy of a seeded shop, e.g. of bench/out/large/pglite-100000 (`node bench/large.mjs` seeds it;
//   the server migrates the directory it runs on); BUILD_DIR: a build of the server (apps/server/build).
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, startVitrin } from './server.mjs';

const [dataDir, buildDir = path.join(repoRoot, 'apps/server/build')] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: node bench/backup-memory.mjs DATA_DIR [BUILD_DIR]');
const rss = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return 0;
  }
};
const server = await startVitrin({ dataDir, entry: path.join(buildDir, 'main.mjs') });
const pid = server.pid;
await new Promise((r) => setTimeout(r, 15_000));
const idle = rss(pid);
const file = path.join(os.tmpdir(), `vitrin-bench-yedek-${Date.now()}.tar.gz`);
const started = Date.now();
const cli = spawn(process.execPath, [path.join(buildDir, 'cli.mjs'), 'backup', file], {
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
cli.stdout.on('data', (d) => (out += d));
cli.stderr.on('data', (d) => (out += d));
let maxServer = idle;
let maxCli = 0;
const timer = setInterval(() => {
  maxServer = Math.max(maxServer, rss(pid));
  maxCli = Math.max(maxCli, rss(cli.pid));
}, 50);
const code = await new Promise((r) => cli.on('close', r));
clearInterval(timer);
const seconds = (Date.now() - started) / 1000;
const after = rss(pid);
console.log(out.trim());
console.log(
  JSON.stringify({
    code,
    seconds,
    serverIdleMB: Math.round(idle),
    serverMaxMB: Math.round(maxServer),
    serverGrowthMB: Math.round(maxServer - idle),
    serverAfterMB: Math.round(after),
    cliMaxMB: Math.round(maxCli),
    backupMB: code === 0 ? Math.round(statSync(file).size / 1048576) : null,
  }),
);
rmSync(file, { force: true });
await server.stop();
