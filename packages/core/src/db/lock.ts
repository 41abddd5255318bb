import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DomainError } from '../errors.ts';
import { startupError } from './errors.ts';

/**
 * PGlite does not lock its directory and two processes on one directory corrupt it, so the opener holds a
 * listening Unix socket named after the directory for as long as it runs. A name can be listened on by one
 * process only, and the kernel closes the socket when its process ends, however it ends: a crashed holder
 * (kill -9) never blocks the next start, and a holder that pauses for a long time never loses the lock
 * (a lock refreshed on a timer would be taken from it, and two writers would corrupt the directory).
 *
 * On Linux the socket is in the abstract namespace: there is no file, the name goes with the process. (The
 * namespace is per network namespace: containers that share a data directory must share the host network.)
 * Elsewhere it is a socket file; one nobody answers on is a dead holder's and is replaced.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(realpathSync(dataDir));
  const server = net.createServer((socket) => socket.destroy());
  try {
    await listen(server, address);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    if (address.startsWith('\0') || (await answers(address))) throw lockedError(dataDir);
    rmSync(address, { force: true });
    await listen(server, address).catch((again: NodeJS.ErrnoException) => {
      throw again.code === 'EADDRINUSE' ? lockedError(dataDir) : again;
    });
  }
  // The lock must not keep a process alive that has nothing else to do.
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

function lockAddress(realDir: string): string {
  const hash = createHash('sha256').update(realDir).digest('hex').slice(0, 32);
  if (process.platform === 'linux') return `\0vitrin-data-${hash}`;
  const inDir = path.join(realDir, 'vitrin-lock.sock');
  // Unix socket paths are limited to ~104 bytes.
  return Buffer.byteLength(inDir) < 100 ? inDir : path.join(os.tmpdir(), `vitrin-lock-${hash}.sock`);
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

function lockedError(dataDir: string): DomainError {
  return startupError(
    'DATA_DIR_LOCKED',
    `Veri dizini "${dataDir}" başka bir Vitrin süreci tarafından kullanılıyor. ` +
      'Gömülü veritabanını aynı anda yalnızca bir süreç açabilir: çalışan sunucuyu kullanın (CLI komutları ona iletilir), ' +
      'diğer süreci durdurun ya da DATABASE_URL ile bir PostgreSQL sunucusuna geçin.',
  );
}
