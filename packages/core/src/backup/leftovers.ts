import { rmSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The files a backup writes beside its target while it runs, named with the writing process's id: the
 * database's image (`.dokum`, packed into the archive, then removed) and the archive being written
 * (`.yaziliyor`, renamed over the target once complete).
 */
export const imageFileOf = (target: string) => `${target}.${process.pid}.dokum`;
export const temporaryFileOf = (target: string) => `${target}.${process.pid}.yaziliyor`;

const LEFTOVER = /\.(\d+)\.(?:dokum|yaziliyor)$/;

/** Whether a process of this id runs (one of another user's counts as running). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what backups of processes that are gone left in `dir` (a process killed, a server that crashed
 * midway): their images and half-written archives, which can be as large as the database. Those of a
 * running process (a backup under way) stay. Answers the names removed.
 */
export async function removeLeftovers(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(name.match(LEFTOVER)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    await rm(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * While `work` runs, a SIGINT, SIGTERM or SIGHUP (Ctrl-C, a service manager stopping the CLI, a closed
 * terminal) removes `files` before the process ends as the signal would end it (exit code 128 + its number).
 */
export async function removedIfInterrupted<T>(files: string[], work: () => Promise<T>): Promise<T> {
  const signals = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
  const stop = (signal: keyof typeof signals) => {
    for (const file of files) rmSync(file, { force: true });
    process.stderr.write('Yedekleme durduruldu; yarım kalan dosyalar silindi.\n');
    process.exit(128 + signals[signal]);
  };
  for (const signal of Object.keys(signals) as (keyof typeof signals)[]) process.once(signal, stop);
  try {
    return await work();
  } finally {
    for (const signal of Object.keys(signals)) process.off(signal, stop);
  }
}
