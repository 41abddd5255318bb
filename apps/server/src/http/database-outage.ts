import type { Services } from '@vitrin/core';
import type { ApiErrorBody } from '@vitrin/shared/api/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './request-path.ts';

/** The LISTEN connection tries again at least every 2 s, so a restarted server is noticed well within this. */
const RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_CODE = 'VERITABANI_ULASILAMIYOR';
const MESSAGE =
  'Mağazamıza şu anda ulaşılamıyor; birkaç saniye içinde kendiliğinden düzelecek. Lütfen biraz sonra yeniden deneyin.';

const PAGE = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kısa bir ara verdik</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;
color:#1f2937;background:#faf7f2}main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.6rem;margin:0 0 1rem}p{line-height:1.6;margin:0}</style></head>
<body><main><h1>Kısa bir ara verdik</h1><p>${MESSAGE}</p></main></body></html>
`;

/** Served from disk or memory alone: they need no database and keep answering. */
const WITHOUT_DATABASE = new Set(['/healthz', '/readyz', '/favicon.svg']);
const WITHOUT_DATABASE_PREFIXES = ['/assets/', '/uploads/'];

/**
 * While PostgreSQL is away (it restarts; the node's LISTEN connection dropped and is not back yet), requests
 * that need it are answered at once with 503 and `Retry-After`, not left to wait for queries that fail. Pages
 * in the page cache are still served (its hook runs before this one). The node resumes by itself.
 */
export function registerDatabaseOutage(app: FastifyInstance, services: Services) {
  app.addHook('onRequest', async (request, reply) => {
    if (services.database.available()) return;
    const pathname = pathOf(request.url);
    if (WITHOUT_DATABASE.has(pathname) || WITHOUT_DATABASE_PREFIXES.some((p) => pathname.startsWith(p)))
      return;
    return sendDatabaseOutage(request, reply);
  });
}

/** The 503 answer: the API's error body, or a page in Turkish for browsers. */
export function sendDatabaseOutage(request: FastifyRequest, reply: FastifyReply) {
  reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  if (request.url.startsWith('/api/')) {
    return reply.send({
      error: { code: DATABASE_UNAVAILABLE_CODE, message: MESSAGE },
    } satisfies ApiErrorBody);
  }
  return reply.type('text/html; charset=utf-8').send(PAGE);
}
