import { METHODS } from 'node:http';
import { DomainError, isDomainError } from '@vitrin/core/errors';
import { FORM_TOO_LARGE_HEADER } from '@vitrin/shared/api/form-limits';
import type { StorefrontContext } from '@vitrin/shared/storefront';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext, matchRoutes, RequestHandler, RouteObject, ServerBuild } from 'react-router';
import { allowedMethods, type PageMethods } from '../http/allowed-methods.ts';
import { errorBody, HttpError, handleError } from '../http/errors.ts';
import {
  type Encoded,
  encodeAll,
  pickEncoding,
  sendCompressedOnce,
  sendEncoded,
} from '../http/precompressed.ts';
import { pathOf } from '../http/request-path.ts';
import { DISK_FULL_RETRY_AFTER } from '../storefront/results.ts';
import { FORM_LIMITS, formLimitOf, formTooLargeInPage, sendFormTooLarge } from './form-limits.ts';
import { isCompressible, isShareable } from './page-answer.mjs';
import type { CachedPage, PageCache } from './page-cache.ts';
import { sendRenderBusy } from './render-busy.ts';
import { RENDER_BUSY_CODE, RENDER_POOL_UNAVAILABLE, type Rendered, type RenderPool } from './render-pool.ts';

/**
 * What React Router's loaders get: the storefront's context (`StorefrontContext`, which apps/web declares as
 * React Router's `AppLoadContext`); here also a record of values by name, as the render pool passes it on.
 */
type GetLoadContext = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<StorefrontContext & AppLoadContext>;

export interface SsrCaching {
  /** Whether an answer to this request could be kept for others at all (asked before rendering). */
  cacheable(request: FastifyRequest): boolean;
  /**
   * Whether the answer just rendered may be kept for others, when it is a public 200 without cookies (asked
   * after rendering, which may have made it personal).
   */
  mayStore(request: FastifyRequest): boolean;
  /** Which data changes the cache has seen, taken before the page's data is read; given back to `store`. */
  generation(): number;
  store(request: FastifyRequest, page: Parameters<PageCache['set']>[1], since: number): CachedPage;
  nonce(reply: FastifyReply): string;
}

/** What pages answer: reads, and form posts to the actions of those that have one (`pageMethods`). */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

/**
 * Any other method (PUT, TRACE, PROPFIND…), or a POST to a page without a form, is 405 with the methods the
 * address takes (OPTIONS is answered before, `http/allowed-methods.ts`), not a page or a render error.
 * Methods only the pages added reach this route on API addresses too: those are told about the API, with
 * the methods the address takes when it is one of the API's own.
 */
async function refuseMethod(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  pageMethods: PageMethods,
) {
  reply.header('cache-control', 'no-store');
  const allowed = await allowedMethods(app, request.url, pageMethods);
  if (allowed) reply.header('allow', allowed.join(', '));
  const what = pathOf(request.url).startsWith('/api/') ? 'API adresleri' : 'Bu sayfa';
  return reply
    .status(405)
    .send(errorBody('YONTEM_DESTEKLENMIYOR', `${what} ${request.method} isteğini desteklemez.`));
}

type BuildRoute = ServerBuild['routes'][string];
type PageRoute = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: PageRoute[];
};

/** The build's flat route list as the nested routes `matchRoutes` takes. */
function routeTree(routes: ServerBuild['routes']): PageRoute[] {
  const made = new Map<string, PageRoute>();
  const all = Object.values(routes).filter((r): r is BuildRoute & object => r !== undefined);
  for (const r of all) {
    made.set(r.id, {
      id: r.id,
      ...(r.path !== undefined ? { path: r.path } : {}),
      ...(r.index ? { index: true } : {}),
      ...(r.caseSensitive ? { caseSensitive: true } : {}),
      children: [],
    });
  }
  const top: PageRoute[] = [];
  for (const r of all) {
    const parent = r.parentId ? made.get(r.parentId) : undefined;
    (parent ? parent.children : top).push(made.get(r.id)!);
  }
  return top;
}

/**
 * What a page's address takes: GET and HEAD, and POST when the route a form posts to has an action. That
 * route is the one React Router's action runs on: the deepest match, an index route only with `?index`.
 * A data request (`/cart.data`) is its page's.
 */
function pageMethodsOf(load: () => Promise<ServerBuild>): PageMethods {
  let tree: Promise<{ match: typeof matchRoutes; routes: PageRoute[]; build: ServerBuild }> | undefined;
  return async (url) => {
    tree ??= Promise.all([import('react-router'), load()]).then(([{ matchRoutes: match }, build]) => ({
      match,
      routes: routeTree(build.routes),
      build,
    }));
    const { match, routes, build } = await tree;
    const { pathname, searchParams } = new URL(url, 'http://sayfa');
    const page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '');
    // Index routes have no children: the shape React Router's types ask for, built loosely above.
    const matches = match(routes as RouteObject[], page) ?? [];
    let target = matches.at(-1);
    if (target?.route.index && !searchParams.has('index')) target = matches.at(-2);
    const action = target?.route.id ? build.routes[target.route.id]?.module.action : undefined;
    return action ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
  };
}

/**
 * A page just rendered and stored: sent compressed like the cache's later hits (page-cache.ts `sendHit`).
 * `x-cache` tells operators (and the tests) whether a page came from the page cache.
 */
function sendStored(request: FastifyRequest, reply: FastifyReply, page: CachedPage, encoded: Encoded) {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('x-cache', 'miss');
  return sendEncoded(request, reply, encoded);
}

/**
 * Serves React Router's document and data requests through Fastify: the web `Response` goes back through
 * `reply`, so security headers and request logging apply to pages as to the API.
 *
 * With a render pool, pages read with GET or HEAD are rendered on its threads (render-pool.ts); form posts
 * (actions, which read the request body) are answered on this thread, and so is every page once the
 * threads turn out unable to load the build.
 */
export function registerSsr(
  app: FastifyInstance,
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: string,
  publicUrl: string,
  getLoadContext: GetLoadContext,
  caching: SsrCaching,
  pool?: RenderPool,
): PageMethods {
  // React Router and a build given as a loader are imported at the first page rendered on this thread (or
  // the first question about a page's methods), once: React Router would derive the routes again on every
  // request from a loader.
  let loaded: Promise<ServerBuild> | undefined;
  const load = () => {
    loaded ??= typeof build === 'function' ? build() : Promise.resolve(build);
    return loaded;
  };
  let handler: Promise<RequestHandler> | undefined;
  const handle: RequestHandler = async (request, context) => {
    handler ??= Promise.all([import('react-router'), load()]).then(([{ createRequestHandler }, made]) =>
      createRequestHandler(made, mode),
    );
    return (await handler)(request, context);
  };
  const pageMethods = pageMethodsOf(load);
  const publicOrigin = new URL(publicUrl).origin;

  // Pages answer every method Node parses (refuseMethod below), not only those Fastify routes by default.
  for (const method of METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method);
  }

  // A form posted to an API route that takes none is left unread (the route answers without it).
  app.addContentTypeParser([...FORM_LIMITS.keys()], (_request, _payload, done) => done(null));

  /**
   * A form post over its limit: on a page whose form says so itself (a ticket's, `formTooLargeInPage`) that
   * page again, read as a GET with the limit in FORM_TOO_LARGE_HEADER, 413; elsewhere a short Turkish page.
   */
  async function formTooLarge(request: FastifyRequest, reply: FastifyReply) {
    if (!formTooLargeInPage(request)) return sendFormTooLarge(request, reply);
    const headers = headerList(request).filter(
      ([name]) =>
        !['content-type', 'content-length', 'transfer-encoding', FORM_TOO_LARGE_HEADER].includes(name),
    );
    headers.push([FORM_TOO_LARGE_HEADER, String(formLimitOf(request))]);
    const page = new Request(requestUrl(request, publicOrigin), { method: 'GET', headers });
    const response = await handle(page, await getLoadContext(request, reply));
    // Fastify would close the connection after a refused body; kept open, Node drops the rest as it comes.
    reply.removeHeader('connection');
    const rendered: Rendered = { status: 413, headers: [...response.headers] };
    if (response.body) rendered.body = Buffer.from(await response.arrayBuffer());
    return send(request, reply, rendered, { forCache: false, since: 0 }, caching);
  }

  // The pages in a scope of their own, for their form parsers and the answer to a post over their limit.
  app.register(async (scope) => {
    // Form posts to pages are read whole by Fastify, counted as they come and given up past their type's
    // limit (form-limits.ts), then handed to the React Router action as the web Request's body.
    scope.removeContentTypeParser([...FORM_LIMITS.keys()]);
    for (const [type, bodyLimit] of FORM_LIMITS) {
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
        done(null, body),
      );
    }
    scope.setErrorHandler((error: FastifyError, request, reply) =>
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? formTooLarge(request, reply)
        : handleError(error, request, reply),
    );
    // Every answer is compressed here in one call (below) or on a render thread, so the compression
    // plugin's per-request hooks are left off this route.
    scope.all('/*', { compress: false, decompress: false }, async (request, reply) => {
      if (!PAGE_METHODS.has(request.method)) return refuseMethod(app, request, reply, pageMethods);
      if (request.method === 'POST' && !(await pageMethods(request.url)).includes('POST')) {
        return refuseMethod(app, request, reply, pageMethods);
      }
      const threaded = pool?.usable && (request.method === 'GET' || request.method === 'HEAD');
      // A full render queue turns the page away before its load context costs the database anything.
      if (threaded && pool.full) return sendRenderBusy(request, reply);
      // A client that leaves stops the work for its page: a render still waiting for a thread is dropped, one
      // on this thread is aborted.
      const controller = new AbortController();
      const left = () => {
        if (!reply.raw.writableFinished) controller.abort();
      };
      if (reply.raw.destroyed) left();
      else reply.raw.once('close', left);
      const since = caching.generation();
      const context = await getLoadContext(request, reply);
      const forCache = caching.cacheable(request);
      if (threaded && pool.usable) {
        const rendered = await pool
          .render(
            {
              url: requestUrl(request, publicOrigin),
              method: request.method,
              headers: headerList(request),
              encoding: pickEncoding(request.headers['accept-encoding']),
              forCache,
            },
            context,
            controller.signal,
          )
          .catch((err: unknown) => {
            // The threads could not load the build: a page that was waiting for them is rendered here, as
            // every later one is. A render that failed on a thread stays an error.
            if (isDomainError(err, RENDER_POOL_UNAVAILABLE)) return undefined;
            // As many renders wait as may, this one waited for a thread past RENDER_WAIT_MS, or its client left
            // meanwhile: 503 (to nobody, then), and it is never rendered later.
            if (isDomainError(err, RENDER_BUSY_CODE)) return err;
            throw err;
          });
        if (rendered instanceof DomainError) return sendRenderBusy(request, reply);
        if (rendered) return send(request, reply, rendered, { forCache, since }, caching);
      }
      const response = await handle(toWebRequest(request, publicOrigin, controller.signal), context);
      // Documents are rendered whole before the answer starts (entry.server.tsx), and data requests carry
      // loader data that is awaited whole too: each is compressed as one buffer, a fraction of the cost of
      // compressing React's hundreds of small chunks one by one.
      const rendered: Rendered = { status: response.status, headers: [...response.headers] };
      if (response.body) rendered.body = Buffer.from(await response.arrayBuffer());
      return send(request, reply, rendered, { forCache, since }, caching);
    });
  });
  return pageMethods;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  rendered: Rendered,
  { forCache, since }: { forCache: boolean; since: number },
  caching: SsrCaching,
) {
  const { status, headers, body } = rendered;
  const header = (wanted: string) => headers.find(([name]) => name === wanted)?.[1];
  const cookies = headers.filter(([name]) => name === 'set-cookie').map(([, value]) => value);
  if (
    forCache &&
    body &&
    isShareable(status, header('cache-control'), cookies.length > 0) &&
    caching.mayStore(request)
  ) {
    const encoded = rendered.encoded ? { identity: body, ...rendered.encoded } : encodeAll(body);
    const page = caching.store(
      request,
      {
        status,
        headers: headers.filter(([name]) => name !== 'content-length'),
        encoded,
        nonce: caching.nonce(reply),
      },
      since,
    );
    return sendStored(request, reply, page, encoded);
  }
  reply.status(status);
  // A page's 503 is a form post refused for a full disk (`diskFullRefusal`): when to post again, as the API says.
  // The maintenance screen's 503 has its own, set before the render (the `maintenance_retry_after` setting).
  if (status === 503 && !header('retry-after') && !reply.hasHeader('retry-after')) {
    reply.header('retry-after', String(DISK_FULL_RETRY_AFTER));
  }
  for (const [name, value] of headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  if (cookies.length) reply.header('set-cookie', cookies);
  if (rendered.compressed) {
    reply.header('vary', 'accept-encoding');
    reply.header('content-encoding', rendered.compressed.encoding);
    return reply.send(rendered.compressed.body);
  }
  if (!body) return reply.send();
  if (rendered.encoded) return sendEncoded(request, reply, { identity: body, ...rendered.encoded });
  if (isCompressible(header('content-type'))) return sendCompressedOnce(request, reply, body);
  return reply.send(body);
}

/**
 * The page's address as the storefront sees it, always on PUBLIC_URL: canonical links, `og:url` and JSON-LD
 * are built from it and cached pages are shared by every visitor, so the Host and X-Forwarded-Host headers
 * (which any client chooses) must not reach it. A target that would leave the origin (`//host/…`) is refused.
 */
function requestUrl(request: FastifyRequest, publicOrigin: string): string {
  const url = new URL(publicOrigin + request.url);
  if (url.origin !== publicOrigin) throw new HttpError(400, 'GECERSIZ_ADRES', 'İstek adresi geçersiz.');
  return url.href;
}

function headerList(request: FastifyRequest): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.push([name, v]);
    else headers.push([name, value]);
  }
  return headers;
}

/**
 * A form post's headers for React Router, which aborts an action whose `Origin` differs from the request
 * URL's (built on PUBLIC_URL). A page opened under another name of this server (`127.0.0.1` for
 * `localhost`) posts with that name as its origin; the browser's `Sec-Fetch-Site: same-origin` says the
 * page is this server's own, so its origin is given as the public one. Any other origin stays as sent.
 */
function actionHeaderList(request: FastifyRequest, publicOrigin: string): Array<[string, string]> {
  const headers = headerList(request);
  if (request.headers['sec-fetch-site'] !== 'same-origin') return headers;
  return headers.map(([name, value]) => (name === 'origin' ? [name, publicOrigin] : [name, value]));
}

function toWebRequest(request: FastifyRequest, publicOrigin: string, signal: AbortSignal): Request {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(requestUrl(request, publicOrigin), {
    method: request.method,
    headers: hasBody ? actionHeaderList(request, publicOrigin) : headerList(request),
    signal,
    // A form post's body as its parser read it (above); another type has none for the action.
    ...(hasBody
      ? { body: (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)) as Uint8Array<ArrayBuffer> }
      : {}),
  });
}
