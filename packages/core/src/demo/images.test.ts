import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskStore } from '../storage/disk-store.ts';
import { DEMO_IMAGES_DIR } from './data.ts';
import { writeDemoBlogImages, writeDemoCatalogImages } from './images.ts';

const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

describe('demo pictures', () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies every picture of the data into the uploads once, keeping one the shop replaced', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-demo-uploads-'));
    const files = createDiskStore(dataDir);
    const uploads = path.join(dataDir, 'uploads');
    const all = filesUnder(DEMO_IMAGES_DIR);
    const catalog = await writeDemoCatalogImages(files);
    const blog = await writeDemoBlogImages(files);
    expect(catalog + blog).toBe(all.length);
    expect(filesUnder(uploads)).toEqual(all);
    expect(readFileSync(path.join(uploads, 'site/hero.webp'))).toEqual(
      readFileSync(path.join(DEMO_IMAGES_DIR, 'site/hero.webp')),
    );

    writeFileSync(path.join(uploads, 'site/hero.webp'), 'the shop’s own hero');
    rmSync(path.join(uploads, all.find((f) => f.startsWith('blog/'))!));
    expect(await writeDemoCatalogImages(files)).toBe(0);
    expect(await writeDemoBlogImages(files)).toBe(1);
    expect(readFileSync(path.join(uploads, 'site/hero.webp'), 'utf8')).toBe('the shop’s own hero');
  });
});
