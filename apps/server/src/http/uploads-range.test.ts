import { describe, expect, it } from 'vitest';
import { byteRange } from './uploads-range.ts';

describe('byteRange: the one range of a Range header', () => {
  it('reads a closed range, an open one, and a suffix, kept within the file', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('is unsatisfiable when it starts past the end', () => {
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('is ignored (the whole file) when malformed, not bytes, or several ranges', () => {
    for (const header of ['bytes=0-1,5-9', 'items=0-1', 'bytes=-', 'bytes=9-2', 'bytes=a-b', ''])
      expect(byteRange(header, 1000), header).toBeUndefined();
  });
});
