import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStoreKey } from '../storage/keys.ts';
import { imageKindOf } from './admin-upload.ts';
import { isDiskFull } from './disk-full.ts';
import { safeRelativePath, variantKey } from './image-variants.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
/** An ISO BMFF head: a `ftyp` box of `size` bytes with its major brand and compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + compatible.length * 4;
  const head = Buffer.alloc(size);
  head.writeUInt32BE(size, 0);
  head.write(`ftyp${major}`, 4, 'latin1');
  for (const [i, brand] of compatible.entries()) head.write(brand, 16 + i * 4, 'latin1');
  return head;
};

describe('imageKindOf: an upload is an image by its first bytes, whatever its name says', () => {
  it('knows JPEG, PNG, WebP and AVIF', () => {
    expect(imageKindOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(imageKindOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageKindOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(imageKindOf(ftyp('avif'))).toBe('avif');
  });

  it('finds AVIF among the compatible brands (an image sequence too)', () => {
    expect(imageKindOf(ftyp('mif1', 'miaf', 'avif'))).toBe('avif');
    expect(imageKindOf(ftyp('msf1', 'avis'))).toBe('avif');
  });

  it('refuses everything else: text, GIF, SVG, HEIC, a PDF, a truncated head, nothing', () => {
    for (const head of [
      bytes('bu bir görsel değil'),
      bytes('GIF89a'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg">'),
      ftyp('heic', 'mif1'),
      bytes('%PDF-1.7'),
      bytes([0xff, 0xd8]),
      bytes('RIFF', [1, 2, 3, 4], 'WAVE'),
      Buffer.alloc(0),
    ])
      expect(imageKindOf(head), head.toString('latin1')).toBeNull();
  });
});

describe('safeRelativePath: an upload is read only from inside the upload folders', () => {
  it('takes plain segments', () => {
    expect(safeRelativePath('catalog/products/kupa-1.webp')).toBe(
      path.join('catalog', 'products', 'kupa-1.webp'),
    );
  });

  it('refuses anything that could leave the folder or name another file', () => {
    for (const bad of [
      '',
      '/etc/passwd',
      '../secret',
      'catalog/../../x',
      'a//b',
      './a',
      'a/.',
      'a\\..\\b',
      'a\0b',
    ])
      expect(safeRelativePath(bad), JSON.stringify(bad)).toBeUndefined();
  });
});

describe('variantKey: a resized copy is keyed by its source', () => {
  const source = { id: 'uploads/catalog/a.jpg', version: '"3e8-1"' };
  it('gives a new key to a new file of the same name, and to each width and format', () => {
    const first = variantKey(source, 320, 'webp');
    expect(variantKey(source, 320, 'webp')).toEqual(first);
    expect(variantKey({ ...source, version: '"3e8-2"' }, 320, 'webp').key).not.toBe(first.key);
    expect(variantKey({ ...source, id: 'bundled:catalog/a.jpg' }, 320, 'webp').key).not.toBe(first.key);
    expect(variantKey(source, 640, 'webp').key).not.toBe(first.key);
    expect(variantKey(source, 320, 'avif').key).toMatch(/\.avif$/);
    expect(first.key).toBe(`cache/images/${first.hash.slice(0, 2)}/${first.hash}.webp`);
    expect(isStoreKey(first.key)).toBe(true);
  });
});

describe('isDiskFull: a full disk is told apart from other failures', () => {
  it('knows Node’s and PostgreSQL’s codes, the system’s message, and an error wrapping one', () => {
    expect(isDiskFull({ code: 'ENOSPC' })).toBe(true);
    expect(isDiskFull({ code: 'EDQUOT' })).toBe(true);
    expect(isDiskFull({ code: '53100' })).toBe(true);
    expect(isDiskFull(new Error('could not extend file: No space left on device'))).toBe(true);
    expect(isDiskFull(new Error('query failed', { cause: { code: 'ENOSPC' } }))).toBe(true);
  });

  it('is false for other errors and for nothing', () => {
    expect(isDiskFull({ code: 'EACCES' })).toBe(false);
    expect(isDiskFull(new Error('unique violation'))).toBe(false);
    expect(isDiskFull(undefined)).toBe(false);
  });
});
