import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '../storage/file-store.ts';
import { uploadKey } from '../storage/keys.ts';
import { DEMO_IMAGES_DIR } from './data.ts';

/**
 * The demo pictures are files of the demo data (`demo-data/images/`, laid out as the uploads folder):
 * copied at start into the shop's file store as `uploads/…`, each one that is not there yet, so a picture the
 * shop owner replaced stays hers. Several nodes starting at once copy each at most once (`ifAbsent`).
 */
async function copyMissing(files: FileStore, folders: string[], from = DEMO_IMAGES_DIR): Promise<number> {
  let copied = 0;
  for (const folder of folders) {
    const entries = await readdir(path.join(from, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const source = path.join(entry.parentPath, entry.name);
      const key = uploadKey(path.relative(from, source).split(path.sep).join('/'));
      // Looked at first: a start reads the names, it does not copy hundreds of files to find them there.
      if (await files.head(key)) continue;
      if (await files.putFile(key, source, { ifAbsent: true })) copied++;
    }
  }
  return copied;
}

/** Copies the catalogue's pictures (products, their colours, the hero) missing from the store; returns how many. */
export const writeDemoCatalogImages = (files: FileStore) => copyMissing(files, ['catalog', 'site']);

/** Copies the blog's cover pictures missing from the store; returns how many. */
export const writeDemoBlogImages = (files: FileStore) => copyMissing(files, ['blog']);
