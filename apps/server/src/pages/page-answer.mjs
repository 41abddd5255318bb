// What the request thread (ssr.ts) and the render threads (render-worker.mjs) both decide about a page's
// answer. Plain JavaScript: a worker thread starts without the TypeScript loader.

/** Documents, React Router's data answers (text/x-script), JSON and XML. */
const COMPRESSIBLE = /^text\/|[/+](?:json|xml)\b/;

/** Smaller bodies are sent as they are (the build's precompressed files follow the same threshold). */
export { MIN_COMPRESSED_BYTES } from '@vitrin/compression/compress';

export function isCompressible(contentType) {
  return COMPRESSIBLE.test(contentType ?? '');
}

/** Whether a `Cache-Control` value lets any cache keep the answer for anyone. */
export function isPublic(cacheControl) {
  return /\bpublic\b/.test(cacheControl ?? '');
}

/** A public 200 without cookies: an answer others may be given too (page cache, CDN). */
export function isShareable(status, cacheControl, hasCookies) {
  return status === 200 && !hasCookies && isPublic(cacheControl);
}
