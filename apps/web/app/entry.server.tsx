import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from 'react-router';
import { NonceContext } from './lib/nonce.ts';
import { loadScriptsAfterPaint } from './lib/scripts-after-paint.server.ts';

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering (our loaders await their data), so the HTML is complete for
 * visitors, crawlers and caches alike, and carries the request's CSP nonce on every inline script.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timer);
          // The document is complete: its chunks are gathered into one buffer rather than streamed through
          // a web stream chunk by chunk (React writes hundreds of small chunks).
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              const html = loadScriptsAfterPaint(Buffer.concat(chunks).toString('utf8'));
              resolve(new Response(html, { headers: responseHeaders, status }));
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}

/** Expected answers (404s, maintenance 503s) are not errors worth a stack trace in the log. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isRouteErrorResponse(error) && error.status === 503) return;
  console.error(error);
};
