import { describe, expect, it } from 'vitest';
import { createCache } from './cache.ts';

describe('cache', () => {
  it('loads a key once and peeks at it only once loaded, never loading', async () => {
    const cache = createCache();
    const loads: string[] = [];
    const product = cache.keyed('product', async (key) => {
      loads.push(key);
      return { slug: key };
    });
    expect(product.peek('kupa')).toBeUndefined();
    const loading = product('kupa');
    expect(product.peek('kupa')).toBeUndefined();
    expect(await loading).toEqual({ slug: 'kupa' });
    expect(product.peek('kupa')).toEqual({ slug: 'kupa' });
    expect(await product('kupa')).toBe(await loading);
    expect(loads).toEqual(['kupa']);
  });

  it('forgets what it held when dropped, and a failed load', async () => {
    const cache = createCache();
    let fail = true;
    const product = cache.keyed('product', async (key) => {
      if (fail) throw new Error('veritabanı yok');
      return key;
    });
    await expect(product('kupa')).rejects.toThrow('veritabanı yok');
    expect(product.peek('kupa')).toBeUndefined();
    fail = false;
    expect(await product('kupa')).toBe('kupa');
    cache.clearLocal();
    expect(product.peek('kupa')).toBeUndefined();
  });
});
