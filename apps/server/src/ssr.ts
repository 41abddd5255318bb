import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { CachedPage } from './page-cache.ts';
import { sendCompressedOnce, sendEncoded } from './precompressed.ts';

/** Documents, React Router's data answers (text/x-script), JSON and XML. */
const COMPRESSIBLE = /^text\/|[/+](?:json|xml)\b/;

type GetLoadContext = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface SsrCaching {
  /** Whether this freshly rendered answer may be kept for others. */
  mayStore(request: FastifyRequest, response: Response): boolean;
  store(request: FastifyRequest, page: Omit<CachedPage, 'encoded' | 'wire'> & { body: Buffer }): CachedPage;
  nonce(reply: FastifyReply): string;
}

/**
 * A page just rendered and stored: sent compressed like the cache's later hits (page-cache.ts `sendHit`).
 * `x-cache` tells operators (and the tests) whether a page came from the page cache.
 */
function sendStored(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('x-cache', 'miss');
  return sendEncoded(request, reply, page.encoded);
}

/**
 * Serves React Router's document and data requests through Fastify: the web `Response` goes back through
 * `reply`, so compression, security headers and request logging apply to pages as to the API.
 */
export function registerSsr(
  app: FastifyInstance,
  build: ServerBuild,
  mode: string,
  getLoadContext: GetLoadContext,
  caching: SsrCaching,
) {
  const handle = createRequestHandler(build, mode);

  // Form posts reach React Router actions unparsed; the action reads the body from the web Request.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    (_request, _payload, done) => done(null),
  );

  // Every answer is compressed here in one call (below), so the compression plugin's per-request hooks
  // are left off this route.
  app.all('/*', { compress: false, decompress: false }, async (request, reply) => {
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const response = await handle(
      toWebRequest(request, controller.signal),
      (await getLoadContext(request, reply)) as never,
    );
    const cookies = response.headers.getSetCookie();
    if (!cookies.length && response.body && caching.mayStore(request, response)) {
      const headers = [...response.headers].filter(([name]) => name !== 'content-length');
      const body = Buffer.from(await response.arrayBuffer());
      const page = caching.store(request, {
        status: response.status,
        headers,
        body,
        nonce: caching.nonce(reply),
      });
      return sendStored(request, reply, page);
    }
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    if (cookies.length) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    // Documents are rendered whole before the answer starts (entry.server.tsx), and data requests carry
    // loader data that is awaited whole too: compressing each as one buffer costs a fraction of
    // compressing React's hundreds of small chunks one by one.
    const body = Buffer.from(await response.arrayBuffer());
    if (COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) {
      return sendCompressedOnce(request, reply, body);
    }
    return reply.send(body);
  });
}

function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}
