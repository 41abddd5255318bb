export const MIN_COMPRESSED_BYTES: number;
export function isCompressible(contentType: string | null | undefined): boolean;
export function isPublic(cacheControl: string | null | undefined): boolean;
export function isShareable(
  status: number,
  cacheControl: string | null | undefined,
  hasCookies: boolean,
): boolean;
