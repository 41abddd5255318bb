import { describe, expect, it } from 'vitest';
import { createCache, decodeChange, encodeChange } from './cache.ts';

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

  it('tells its change listeners what changed; a stock change drops nothing else', async () => {
    const cache = createCache();
    const product = cache.keyed('product', async (key) => key);
    const changes: unknown[] = [];
    let cleared = 0;
    cache.onChange((change) => changes.push(change));
    cache.onClear(() => cleared++);
    await product('kupa');
    cache.clearLocal({ products: [7], stockOnly: true });
    expect(product.peek('kupa')).toBe('kupa');
    expect(cleared).toBe(0);
    await cache.invalidateAll([7, 8]);
    expect(product.peek('kupa')).toBeUndefined();
    expect(cleared).toBe(1);
    await cache.invalidateAll();
    expect(changes).toEqual([{ products: [7], stockOnly: true }, { products: [7, 8] }, {}]);
  });

  it('carries a change to other nodes in a NOTIFY payload, a too long one as a change of anything', () => {
    expect(decodeChange(encodeChange('n1', {}))).toEqual({ origin: 'n1', change: {} });
    expect(decodeChange(encodeChange('n1', { products: [1, 22] }))).toEqual({
      origin: 'n1',
      change: { products: [1, 22], stockOnly: false },
    });
    expect(decodeChange(encodeChange('*', { products: [5], stockOnly: true }))).toEqual({
      origin: '*',
      change: { products: [5], stockOnly: true },
    });
    const many = Array.from({ length: 3000 }, (_, i) => 100_000 + i);
    expect(decodeChange(encodeChange('n1', { products: many })).change).toEqual({});
    expect(decodeChange('n1 products 1,x').change).toEqual({});
  });
});
