import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, copyFile, link, mkdir, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore, PutOptions, StoredFile } from './file-store.ts';
import { storeKeyError } from './keys.ts';

/** `private/…` files (support attachments) are readable by the shop's user alone, as they were before the store. */
const isPrivate = (key: string) => key.startsWith('private/');

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * The files in the data directory (`DATA_DIR/<key>`): one node's disk. A write goes to a temporary name in
 * the target's folder and is renamed (or linked, for `ifAbsent`) into place, so a reader never sees half a
 * file and a full disk leaves nothing behind.
 */
export function createDiskStore(root: string): FileStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    storeKeyError(key);
    return path.join(base, ...key.split('/'));
  };
  const describe = (key: string, s: { size: number; mtime: Date; mtimeMs: number }): StoredFile => ({
    key,
    size: s.size,
    modified: s.mtime,
    etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
  });
  const statFile = async (file: string) => {
    try {
      const s = await stat(file);
      return s.isFile() ? s : undefined;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  };

  async function place(key: string, write: (temp: string) => Promise<void>, options?: PutOptions) {
    const target = fileOf(key);
    const owner = isPrivate(key);
    await mkdir(path.dirname(target), { recursive: true, ...(owner ? { mode: 0o700 } : {}) });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await write(temp);
      if (options?.ifAbsent) {
        try {
          await link(temp, target);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
          throw err;
        }
        await unlink(temp);
      } else {
        await rename(temp, target);
      }
      return true;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }

  return {
    kind: 'disk',
    put(key, body, options) {
      return place(
        key,
        (temp) =>
          pipeline(
            body instanceof Readable ? body : Readable.from([body]),
            createWriteStream(temp, { flags: 'wx', ...(isPrivate(key) ? { mode: 0o600 } : {}) }),
          ),
        options,
      );
    },
    putFile(key, file, options) {
      return place(
        key,
        async (temp) => {
          await copyFile(file, temp);
          if (isPrivate(key)) await chmod(temp, 0o600);
        },
        options,
      );
    },
    async head(key) {
      const s = await statFile(fileOf(key));
      return s ? describe(key, s) : undefined;
    },
    async read(key, range) {
      const file = fileOf(key);
      const s = await statFile(file);
      if (!s) return undefined;
      return { file: describe(key, s), body: createReadStream(file, range ?? {}) };
    },
    async readBytes(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async localCopy(key) {
      const file = fileOf(key);
      return (await statFile(file)) ? { path: file, release: async () => {} } : undefined;
    },
    async remove(key) {
      await unlink(fileOf(key)).catch((err: unknown) => {
        if (!isMissing(err)) throw err;
      });
    },
    async *list(prefix) {
      const dir = path.join(base, ...prefix.split('/').filter(Boolean));
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err: unknown) => {
        if (isMissing(err)) return [];
        throw err;
      });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.part')) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(base, file).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const s = await statFile(file);
        if (s) yield describe(key, s);
      }
    },
  };
}
