import { type ChildProcess, spawn } from 'node:child_process';
import type { ScryptOptions } from 'node:crypto';
import { availableParallelism, getPriority, setPriority } from 'node:os';

/**
 * scrypt in helper processes of lower CPU priority. A hash costs ~100 ms of CPU and 32 MiB of memory by
 * design; twenty logins at once would otherwise take the cores from the shoppers browsing meanwhile. Measured
 * here (2 cores, cached product pages under load, logins running): hashing on libuv's thread pool or on a
 * worker thread kept 0.62 of the page throughput, even at the lowest thread priority (the hashes' memory
 * traffic runs inside the server's own process); a separate process kept 0.67-0.69 (0.87 for a hashing loop
 * outside the bench's login traffic). At most all cores
 * but one hash at a time, and the kernel gives browsing precedence when the CPU is short: logins wait a
 * little longer instead.
 */

/**
 * Nice value of the hashing processes: behind the server (0) but not starved. 19 kept about the same share
 * of page throughput in the bench (0.69 against 0.67, within its noise) but let a busy machine (a test suite
 * next to the shop) stall registrations for seconds.
 */
export const HASH_NICE = 10;

// Plain JavaScript, run with `node -e`: no TypeScript loader, a fast start.
const HASHER_SOURCE = `
const { scryptSync } = require('node:crypto');
process.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(Buffer.from(password), Buffer.from(salt), keyLength, options);
    process.send({ id, key });
  } catch (err) {
    process.send({ id, error: String((err && err.message) || err) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

interface Job {
  resolve(value: Buffer): void;
  reject(error: Error): void;
}

interface Hasher {
  child: ChildProcess;
  jobs: Map<number, Job>;
  /** Keeps the process alive while the hasher has work. */
  busy(): void;
}

const hashers: Hasher[] = [];
const size = Math.max(1, availableParallelism() - 1);
let nextJob = 0;

function startHasher(index: number): Hasher {
  const child = spawn(process.execPath, ['-e', HASHER_SOURCE], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const idle = () => {
    // An idle hasher must not keep a finished process (a CLI command, a test run) alive.
    child.unref();
    child.channel?.unref();
  };
  const hasher: Hasher = {
    child,
    jobs: new Map(),
    busy() {
      child.ref();
      child.channel?.ref();
    },
  };
  try {
    if (child.pid) setPriority(child.pid, HASH_NICE);
  } catch {
    // A platform without priorities still hashes, only without the precedence for browsing.
  }
  idle();
  child.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
    const job = hasher.jobs.get(message.id);
    if (!job) return;
    hasher.jobs.delete(message.id);
    if (!hasher.jobs.size) idle();
    if (message.error || !message.key) job.reject(new Error(message.error ?? 'no key'));
    else job.resolve(Buffer.from(message.key));
  });
  const fail = (error: Error) => {
    for (const job of hasher.jobs.values()) job.reject(error);
    hasher.jobs.clear();
    if (hashers[index] === hasher) delete hashers[index];
  };
  child.on('error', fail);
  child.on('exit', (code, signal) => fail(new Error(`hashing process ended (${code ?? signal})`)));
  return hasher;
}

function hasherFor(job: number): Hasher {
  const index = job % size;
  hashers[index] ??= startHasher(index);
  return hashers[index]!;
}

/** scrypt of `password` with `salt`, computed by a hashing process; jobs take the processes in turn. */
export function scryptInHasher(
  password: Buffer,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  const id = nextJob++;
  const hasher = hasherFor(id);
  return new Promise<Buffer>((resolve, reject) => {
    hasher.jobs.set(id, { resolve, reject });
    hasher.busy();
    hasher.child.send({ id, password, salt, keyLength, options });
  });
}

/** The hashing processes' ids and nice values (started if need be). */
export function hashingProcesses(): Array<{ pid: number | undefined; priority: number | null }> {
  for (let i = 0; i < size; i++) hasherFor(i);
  return hashers.map(({ child }) => {
    try {
      return { pid: child.pid, priority: child.pid ? getPriority(child.pid) : null };
    } catch {
      return { pid: child.pid, priority: null };
    }
  });
}
