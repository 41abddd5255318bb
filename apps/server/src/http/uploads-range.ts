/**
 * The one byte range a `Range` header asks for (RFC 9110 §14.1.2), inclusive, within a file of `size` bytes:
 * `bytes=a-b`, `bytes=a-` (to the end) or `bytes=-n` (the last n). `undefined` when the header is to be
 * ignored and the whole file sent (not bytes, malformed, or several ranges: a video or a download resumes with
 * one), `'unsatisfiable'` when it starts past the end (a 416).
 */
export function byteRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
