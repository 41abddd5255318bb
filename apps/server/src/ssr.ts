import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';

type GetLoadContext = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Serves React Router's document and data requests through Fastify: the web `Response` goes back through
 * `reply`, so compression, security headers and request logging apply to pages as to the API.
 */
export function registerSsr(
  app: FastifyInstance,
  build: ServerBuild,
  mode: string,
  getLoadContext: GetLoadContext,
) {
  const handle = createRequestHandler(build, mode);

  // Form posts reach React Router actions unparsed; the action reads the body from the web Request.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    (_request, _payload, done) => done(null),
  );

  app.all('/*', async (request, reply) => {
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const response = await handle(
      toWebRequest(request, controller.signal),
      (await getLoadContext(request, reply)) as never,
    );
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
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
