import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './request-path.ts';

/** The methods any address of this server may take (the `Allow` of `OPTIONS *`, OPTIONS aside). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** What a storefront page takes: GET and HEAD, and POST when its route has an action (pages/ssr.ts). */
export type PageMethods = (url: string) => Promise<string[]>;

/**
 * The methods a route of this app takes at `url`, the catch-alls left out: those have a `*` parameter
 * (`/api/*` answering 404, the pages' `/*` answering every method, the panel's `/admin/*`).
 */
export function routedMethods(app: FastifyInstance, url: string): string[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url });
    return route !== null && !Object.hasOwn(route.params, '*');
  });
}

/**
 * The methods the address of `url` really takes, OPTIONS included, or null for an API address the API does
 * not have (it stays a 404). API addresses take what their routes take; the panel's pages GET and HEAD;
 * other addresses their own routes' methods (`/healthz`, `/sitemap.xml`, a built file) or else, as a page,
 * what `pages` says (null without a storefront build: no page is there).
 */
export async function allowedMethods(
  app: FastifyInstance,
  url: string,
  pages: PageMethods | undefined,
): Promise<string[] | null> {
  if (url === '*') return [...METHODS, 'OPTIONS'];
  const path = pathOf(url);
  let methods: string[] | null;
  if (path.startsWith('/api/')) {
    methods = routedMethods(app, path);
    if (methods.length === 0) return null;
  } else if (path === '/admin' || path.startsWith('/admin/')) {
    methods = ['GET', 'HEAD'];
  } else {
    methods = routedMethods(app, path);
    if (methods.length === 0) methods = pages ? await pages(url) : null;
  }
  return methods && [...methods, 'OPTIONS'];
}

/**
 * Answers `OPTIONS` before any route: 204 with `Allow` naming what the address takes (a page that has no
 * form takes no POST; no page takes PUT, PATCH or DELETE). An unknown API address falls through to its 404.
 * `pages` is read at each request: the storefront's routes are registered after this hook.
 */
export function registerOptions(app: FastifyInstance, pages: () => PageMethods | undefined) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'OPTIONS') return;
    const allowed = await allowedMethods(app, request.url, pages());
    if (!allowed) return;
    return reply.status(204).header('allow', allowed.join(', ')).header('cache-control', 'no-store').send();
  });
}
