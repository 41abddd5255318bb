import { execFileSync } from 'node:child_process';
import { closeSync, fstatSync, ftruncateSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './server.ts';

/** As root (CI), or through sudo without a password where a developer has it. */
const asRoot = (command: string, args: string[]) =>
  process.getuid?.() === 0
    ? execFileSync(command, args, { stdio: 'pipe' })
    : execFileSync('sudo', ['-n', command, ...args], { stdio: 'pipe' });

/** Mounts a tmpfs with `options` (size, mode, ro) on the directory `at`; the tests that need one never skip. */
export function mountTmpfs(at: string, options: string) {
  try {
    asRoot('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', at]);
  } catch (err) {
    throw new Error(
      `This test mounts a small tmpfs and needs root or sudo (CI runs as root): ${String((err as { stderr?: unknown }).stderr ?? err)}`,
    );
  }
}

/** Lazily: a library may still hold a file of it open until this process ends. */
export const unmountTmpfs = (at: string) => asRoot('umount', ['--lazy', at]);

/**
 * A real file system that fills up: a tmpfs of `size` mounted on a fresh directory (needs root or sudo, see
 * `mountTmpfs`), a filler file that takes its room, and removing the filler to free it again.
 */
export function fullDisk(size: string) {
  const mount = tempDir('vitrin-full-disk-');
  const filler = path.join(mount.dir, 'filler');
  try {
    mountTmpfs(mount.dir, `size=${size},mode=0700`);
  } catch (err) {
    mount.remove();
    throw err;
  }
  return {
    dir: mount.dir,
    filler,
    /** Fills the disk, then gives back `room` bytes (0: completely full). */
    fill(room = 0) {
      const fd = openSync(filler, 'w');
      // Large writes first, then smaller ones for what the last large one could not take.
      for (const size of [64 * 1024, 4096, 1]) {
        try {
          for (;;) writeSync(fd, Buffer.alloc(size, 1));
        } catch (err) {
          if ((err as { code?: string }).code !== 'ENOSPC') throw err;
        }
      }
      if (room) ftruncateSync(fd, Math.max(0, fstatSync(fd).size - room));
      closeSync(fd);
    },
    free: () => rmSync(filler, { force: true }),
    unmount() {
      try {
        unmountTmpfs(mount.dir);
      } finally {
        mount.remove();
      }
    },
  };
}
