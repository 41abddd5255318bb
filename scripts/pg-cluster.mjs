// A private PostgreSQL cluster from Debian's binaries (used by `npm run test:pg` and the bench): its own data
// directory, a free port in a given range, loopback and a socket in its own directory, no fsync.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The newest installed PostgreSQL's bin directory, or undefined. */
export function pgBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions)
    if (existsSync(path.join(base, v, 'bin', 'initdb'))) return path.join(base, v, 'bin');
  return undefined;
}

/** A free loopback port in [min, max], starting at a random place so that parallel runs rarely race. */
export function freePort(min, max) {
  const span = max - min + 1;
  const start = Math.floor(Math.random() * span);
  return new Promise((resolve, reject) => {
    const tryPort = (i) => {
      if (i >= span) return reject(new Error(`${min}-${max} arasında boş port yok`));
      const port = min + ((start + i) % span);
      const server = net.createServer();
      server.once('error', () => tryPort(i + 1));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
    };
    tryPort(0);
  });
}

/**
 * Starts a cluster in `dir` (created by initdb on first use, reused afterwards) and returns its URL and a
 * `stop`. `stdio` is passed to initdb/pg_ctl ('inherit' shows their output). Without `durable` the cluster
 * does not wait for the disk (fsync off): right for tests, wrong for measuring writes. `port` starts it on
 * that port instead of a free one in [portMin, portMax] (a stopped cluster started again where clients expect it).
 */
export async function startCluster({
  bin,
  dir,
  portMin,
  portMax,
  port: fixedPort,
  stdio = 'inherit',
  durable = false,
}) {
  const asRoot = process.getuid?.() === 0;
  mkdirSync(dir, { recursive: true });
  // PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` user.
  chmodSync(dir, 0o777);
  const pgExec = (cmd, args) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio })
      : execFileSync(path.join(bin, cmd), args, { stdio });
  const dataDir = path.join(dir, 'data');
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    pgExec('initdb', [
      '-D',
      dataDir,
      '--auth=trust',
      '--no-sync',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
  }
  const port = fixedPort ?? (await freePort(portMin, portMax));
  pgExec('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
    '-o',
    // Tests trade durability for speed; `durable` keeps PostgreSQL's defaults (benchmarks of writes).
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}${durable ? '' : ' -c fsync=off -c full_page_writes=off -c synchronous_commit=off'}`,
  ]);
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** The same database through the cluster's Unix socket (a server on the app's own machine). */
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    /** `immediate` for a throwaway cluster, `fast` for one that is kept. */
    stop(mode = 'fast') {
      try {
        pgExec('pg_ctl', ['-D', dataDir, '-m', mode, 'stop']);
      } catch {}
    },
  };
}
