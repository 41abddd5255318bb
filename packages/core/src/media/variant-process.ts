import { type ChildProcess, fork } from 'node:child_process';
import type { ImageFormat, ImageWidth } from '@vitrin/shared/media';
import { DomainError } from '../errors.ts';

export interface VariantJob {
  source: string;
  target: string;
  width: ImageWidth;
  format: ImageFormat;
}

/** The child making a job went away twice (killed, out of memory): the request gets the original file. */
export const VARIANT_PROCESS_LOST = 'GORSEL_ISLEMI_KAYBOLDU';
const variantProcessLost = () =>
  new DomainError(503, VARIANT_PROCESS_LOST, 'the image process ended before the resized copy was made');

type Answer = { id: number; ok: true } | { id: number; ok: false; code?: string; message: string };

/**
 * The child process that makes the resized copies (`variant-child.mjs`): started at the first job, told to
 * go (disconnected) after `idleMs` without any, so its memory goes back to the system. A job whose child
 * ended before answering is sent once more to a new one, then rejected with VARIANT_PROCESS_LOST.
 */
export function createVariantProcess({ idleMs, threads }: { idleMs: number; threads: number }) {
  let child: ChildProcess | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 0;
  let starts = 0;
  const pending = new Map<
    number,
    { job: VariantJob; retried: boolean; resolve: () => void; reject: (err: Error) => void }
  >();

  function start(): ChildProcess {
    starts++;
    const started = fork(new URL('./variant-child.mjs', import.meta.url), [], {
      // Plain JavaScript: none of the parent's loaders or flags (tsx under the tests).
      execArgv: [],
      env: { ...process.env, VITRIN_IMAGE_THREADS: String(threads) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    started.on('message', (answer: Answer) => {
      const entry = pending.get(answer.id);
      if (!entry) return;
      pending.delete(answer.id);
      if (answer.ok) entry.resolve();
      else entry.reject(Object.assign(new Error(answer.message), { code: answer.code }));
      settle();
    });
    started.on('error', () => {});
    started.on('exit', () => {
      if (child !== started) return;
      child = undefined;
      // Its jobs go to a new child once; a second loss is the caller's (the original file).
      const lost = [...pending.entries()];
      for (const [id, entry] of lost) {
        pending.delete(id);
        if (entry.retried) entry.reject(variantProcessLost());
        else send(entry.job, true).then(entry.resolve, entry.reject);
      }
      settle();
    });
    return started;
  }

  /** With no job under way the child holds neither the event loop nor, after `idleMs`, its memory. */
  function settle() {
    clearTimeout(idleTimer);
    if (!child) return;
    if (pending.size) {
      child.ref();
      child.channel?.ref();
      return;
    }
    child.unref();
    child.channel?.unref();
    const idle = child;
    idleTimer = setTimeout(() => {
      if (child === idle && !pending.size) {
        child = undefined;
        if (idle.connected) idle.disconnect();
      }
    }, idleMs);
    idleTimer.unref();
  }

  function send(job: VariantJob, retried = false): Promise<void> {
    child ??= start();
    const id = ++nextId;
    const done = new Promise<void>((resolve, reject) => pending.set(id, { job, retried, resolve, reject }));
    settle();
    child.send({ id, ...job });
    return done;
  }

  return {
    run: (job: VariantJob) => send(job),
    /** The running child's process id, if one runs. */
    get pid() {
      return child?.pid;
    },
    /** Children started so far. */
    get starts() {
      return starts;
    },
    /** Lets the child go at once (the shop stops); jobs under way are lost. */
    close() {
      clearTimeout(idleTimer);
      const last = child;
      child = undefined;
      if (last?.connected) last.disconnect();
      for (const [id, entry] of pending) {
        pending.delete(id);
        entry.reject(variantProcessLost());
      }
    },
  };
}
