import { DomainError } from '../errors.ts';
import type { FileArea } from './file-store.ts';

const AREAS = new Set<FileArea>(['uploads', 'private', 'cache', 'imports']);

/** Whether `key` is a store key: plain `/`-separated segments under one of the areas, nothing that could leave it. */
export function isStoreKey(key: string): boolean {
  if (key === '' || key.startsWith('/') || /[\\\0]/.test(key)) return false;
  const segments = key.split('/');
  if (segments.length < 2 || segments.some((s) => s === '' || s === '.' || s === '..')) return false;
  return AREAS.has(segments[0] as FileArea);
}

/** Throws for a key that is not one (a bug of the caller: keys are made by the shop, never taken from a request as they are). */
export function storeKeyError(key: string): void {
  if (!isStoreKey(key)) throw new DomainError(400, 'GECERSIZ_DOSYA_ANAHTARI', `Geçersiz dosya adı: ${key}`);
}

/** The store key of a path under `/uploads` (`products/x.webp` → `uploads/products/x.webp`). */
export const uploadKey = (relative: string) => `uploads/${relative}`;
