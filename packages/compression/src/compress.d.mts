/** A body compressed once, for answers served many times (cached JSON, cached pages). */
export interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export const MIN_COMPRESSED_BYTES: number;
export function compress(body: Buffer, encoding: 'br' | 'gzip', quality: number): Buffer;
export function encodeAll(body: string | Buffer, quality?: number): Encoded;
export const ONCE_QUALITY: number;
export const PER_ANSWER_COMPRESSION: {
  brotliOptions: { params: Record<number, number> };
  syncThreshold: number;
};
