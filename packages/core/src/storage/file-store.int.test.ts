import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from './disk-store.ts';
import type { FileStore, StoredFile } from './file-store.ts';
import { isStoreUnavailable, STORE_UNAVAILABLE } from './unavailable.ts';

const collect = async (files: AsyncIterable<StoredFile>) => {
  const keys: string[] = [];
  for await (const f of files) keys.push(f.key);
  return keys.sort();
};

/** A body that sends `first` and then fails, as an upload cut off midway. */
function failingBody(first: Buffer) {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(first);
      } else {
        this.destroy(new Error('bağlantı koptu'));
      }
    },
  });
}

let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  s3 = await startS3({ bucket: 'contract', ports: [18460, 18469] });
  dir = await mkdtemp(path.join(tmpdir(), 'vitrin-files-'));
});
afterAll(async () => {
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['disk', () => createDiskStore(path.join(dir, 'data'))],
  ['s3', () => s3.store()],
];

describe.each(stores)('the %s file store', (_kind, make) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });

  it('keeps a file by key: head, read, a byte range and the bytes', async () => {
    expect(
      await store.put('uploads/a/bir.txt', Buffer.from('merhaba dünya'), { contentType: 'text/plain' }),
    ).toBe(true);
    const facts = await store.head('uploads/a/bir.txt');
    expect(facts).toMatchObject({ key: 'uploads/a/bir.txt', size: Buffer.byteLength('merhaba dünya') });
    expect(facts?.etag).toBeTruthy();
    const whole = await store.read('uploads/a/bir.txt');
    expect(await text(whole!.body)).toBe('merhaba dünya');
    const part = await store.read('uploads/a/bir.txt', { start: 8, end: 11 });
    expect(part?.file.size).toBe(facts?.size);
    expect(await text(part!.body)).toBe('dün');
    expect((await store.readBytes('uploads/a/bir.txt'))?.toString()).toBe('merhaba dünya');
  });

  it('answers undefined for a file that is not there, and removes quietly', async () => {
    expect(await store.head('uploads/yok.txt')).toBeUndefined();
    expect(await store.read('uploads/yok.txt')).toBeUndefined();
    expect(await store.readBytes('uploads/yok.txt')).toBeUndefined();
    expect(await store.localCopy('uploads/yok.txt')).toBeUndefined();
    await store.remove('uploads/yok.txt');
  });

  it('refuses a key outside its areas', async () => {
    await expect(store.head('../etc/passwd')).rejects.toMatchObject({ code: 'GECERSIZ_DOSYA_ANAHTARI' });
    await expect(store.put('uploads/../x', Buffer.from('x'))).rejects.toMatchObject({
      code: 'GECERSIZ_DOSYA_ANAHTARI',
    });
  });

  it('lists the files under a prefix and removes one', async () => {
    await store.put('private/tickets/1/a.pdf', Buffer.from('a'));
    await store.put('private/tickets/1/b.pdf', Buffer.from('b'));
    await store.put('private/tickets/2/c.pdf', Buffer.from('c'));
    expect(await collect(store.list('private/tickets/1/'))).toEqual([
      'private/tickets/1/a.pdf',
      'private/tickets/1/b.pdf',
    ]);
    await store.remove('private/tickets/1/a.pdf');
    expect(await collect(store.list('private/tickets/'))).toEqual([
      'private/tickets/1/b.pdf',
      'private/tickets/2/c.pdf',
    ]);
    expect(await collect(store.list('imports/'))).toEqual([]);
  });

  it('lists more files than one page of a bucket listing holds (1000)', async () => {
    const keys = Array.from(
      { length: 1005 },
      (_, i) => `cache/images/sayfa/${String(i).padStart(4, '0')}.webp`,
    );
    for (let i = 0; i < keys.length; i += 25) {
      await Promise.all(keys.slice(i, i + 25).map((key) => store.put(key, Buffer.from(key))));
    }
    expect(await collect(store.list('cache/images/sayfa/'))).toEqual(keys);
  });

  it('with ifAbsent keeps the first file and answers false to the second', async () => {
    expect(await store.put('cache/images/v.webp', Buffer.from('first'), { ifAbsent: true })).toBe(true);
    expect(await store.put('cache/images/v.webp', Buffer.from('second'), { ifAbsent: true })).toBe(false);
    expect((await store.readBytes('cache/images/v.webp'))?.toString()).toBe('first');
    // Without it the file is replaced.
    expect(await store.put('cache/images/v.webp', Buffer.from('third'))).toBe(true);
    expect((await store.readBytes('cache/images/v.webp'))?.toString()).toBe('third');
  });

  it('copies a local file in, streamed, and gives a local copy back', async () => {
    const source = path.join(dir, `${_kind}-source.bin`);
    const content = Buffer.alloc(300_000, 7);
    await writeFile(source, content);
    expect(await store.putFile('imports/run-1.csv', source)).toBe(true);
    expect((await store.head('imports/run-1.csv'))?.size).toBe(content.length);
    const copy = await store.localCopy('imports/run-1.csv');
    expect(copy).toBeDefined();
    expect((await readFile(copy!.path)).equals(content)).toBe(true);
    await copy!.release();
  });

  it('stores a streamed body whole, and nothing of one that fails midway', async () => {
    expect(await store.put('uploads/s/tam.bin', Readable.from([Buffer.from('ab'), Buffer.from('cd')]))).toBe(
      true,
    );
    expect((await store.readBytes('uploads/s/tam.bin'))?.toString()).toBe('abcd');
    await expect(
      store.put('uploads/s/yarim.bin', failingBody(Buffer.alloc(9 * 1024 * 1024, 1))),
    ).rejects.toThrow('bağlantı koptu');
    expect(await store.head('uploads/s/yarim.bin')).toBeUndefined();
    expect(await collect(store.list('uploads/s/'))).toEqual(['uploads/s/tam.bin']);
  });
});

describe('the disk file store', () => {
  it('keeps private files (support attachments) readable by the shop user alone', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'vitrin-private-'));
    try {
      const store = createDiskStore(root);
      await store.put('private/support/ek.pdf', Buffer.from('ek'));
      await store.put('uploads/products/resim.webp', Buffer.from('resim'));
      expect((await stat(path.join(root, 'private', 'support', 'ek.pdf'))).mode & 0o777).toBe(0o600);
      expect((await stat(path.join(root, 'private'))).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(root, 'uploads', 'products', 'resim.webp'))).mode & 0o077).not.toBe(0);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the s3 file store on several nodes', () => {
  it('with ifAbsent at once from three nodes keeps exactly one write of each new key', async () => {
    const nodes = [stores[1]![1](), stores[1]![1](), stores[1]![1]()];
    for (let i = 0; i < 5; i++) {
      const key = `cache/images/ayni-anda-${i}.webp`;
      const results = await Promise.all(
        nodes.map((node, n) => node.put(key, Buffer.from(`düğüm ${n}`), { ifAbsent: true })),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect((await nodes[0]!.readBytes(key))?.toString()).toBe(`düğüm ${winner}`);
    }
  });
});

describe('the s3 file store when the bucket refuses writes', () => {
  const store = () => stores[1]![1]();

  it('answers 503 DEPOLAMA_KULLANILAMIYOR with a Retry-After, leaves nothing, and the same write works later', async () => {
    const files = store();
    s3.refuseWrites(true);
    try {
      const refused = await files
        .put('uploads/red/x.jpg', Buffer.from('görsel'))
        .catch((err: unknown) => err);
      expect(isStoreUnavailable(refused)).toBe(true);
      expect(refused).toMatchObject({ status: 503, code: STORE_UNAVAILABLE });
      expect((refused as { retryAt?: Date }).retryAt?.getTime()).toBeGreaterThan(Date.now());
      expect((refused as Error).message).toMatch(/Dosya deposuna/);
      // A file copied in and a stream fail the same way.
      const source = path.join(dir, 'refused.bin');
      await writeFile(source, Buffer.alloc(1000, 3));
      await expect(files.putFile('private/red/y.pdf', source)).rejects.toMatchObject({
        code: STORE_UNAVAILABLE,
      });
      // Reads go on meanwhile.
      expect(await files.head('uploads/red/x.jpg')).toBeUndefined();
    } finally {
      s3.refuseWrites(false);
    }
    expect(await collect(files.list('uploads/red/'))).toEqual([]);
    expect(await collect(files.list('private/red/'))).toEqual([]);
    expect(await files.put('uploads/red/x.jpg', Buffer.from('görsel'))).toBe(true);
    expect((await files.readBytes('uploads/red/x.jpg'))?.toString()).toBe('görsel');
  });

  it('aborts a multipart upload the bucket stops accepting midway: no object', async () => {
    const files = store();
    let parts = 0;
    // Three parts' worth of data, the bucket refusing once the first went through.
    const body = new Readable({
      read() {
        parts++;
        if (parts === 2) s3.refuseWrites(true);
        if (parts > 3) this.push(null);
        else this.push(Buffer.alloc(8 * 1024 * 1024, parts));
      },
    });
    try {
      await expect(files.put('uploads/big/video.bin', body)).rejects.toMatchObject({
        code: STORE_UNAVAILABLE,
      });
    } finally {
      s3.refuseWrites(false);
    }
    expect(await files.head('uploads/big/video.bin')).toBeUndefined();
  });

  it('answers DEPOLAMA_KULLANILAMIYOR for every call when the bucket cannot be reached at all', async () => {
    const gone = await startS3({ bucket: 'gone', ports: [18460, 18469] });
    await gone.stop();
    const files = gone.store();
    await expect(files.put('uploads/x.jpg', Buffer.from('x'))).rejects.toMatchObject({
      code: STORE_UNAVAILABLE,
    });
    await expect(files.head('uploads/x.jpg')).rejects.toMatchObject({ code: STORE_UNAVAILABLE });
    await expect(files.read('uploads/x.jpg')).rejects.toMatchObject({ code: STORE_UNAVAILABLE });
    await expect(collect(files.list('uploads/'))).rejects.toMatchObject({ code: STORE_UNAVAILABLE });
  });
});
