import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReload } from './chunk-reload.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('chunk reload guard', () => {
  it('allows the first reload of a path', () => {
    expect(mayReload('/content/sss', 1_000, memoryStorage())).toBe(true);
  });

  it('refuses a second reload of the same path within 10 seconds', () => {
    const storage = memoryStorage();
    mayReload('/about', 1_000, storage);
    expect(mayReload('/about', 10_999, storage)).toBe(false);
  });

  it('allows the same path again after 10 seconds', () => {
    const storage = memoryStorage();
    mayReload('/about', 1_000, storage);
    expect(mayReload('/about', 11_000, storage)).toBe(true);
  });

  it('keeps paths apart', () => {
    const storage = memoryStorage();
    mayReload('/about', 1_000, storage);
    expect(mayReload('/content/kvkk', 1_500, storage)).toBe(true);
  });

  it('survives a corrupt stored value', () => {
    const storage = memoryStorage();
    storage.setItem('vitrin:chunk-reload', '{not json');
    expect(mayReload('/about', 1_000, storage)).toBe(true);
  });

  it('recognises the browsers’ messages for failed module loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
