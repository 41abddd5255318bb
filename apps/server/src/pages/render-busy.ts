import type { ApiErrorBody } from '@vitrin/shared/api/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../http/request-path.ts';
import { RENDER_BUSY_CODE, RENDER_RETRY_AFTER_SECONDS } from './render-pool.ts';

const MESSAGE =
  'Şu anda çok yoğunuz ve bu sayfayı hemen hazırlayamadık. Birkaç saniye sonra sayfayı yenileyin; alışverişiniz ve sepetiniz yerinde duruyor.';

const PAGE = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Çok yoğunuz</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;
color:#1f2937;background:#faf7f2}main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.6rem;margin:0 0 1rem}p{line-height:1.6;margin:0 0 1.5rem}
a{display:inline-block;padding:.75rem 1.5rem;border-radius:.5rem;background:#1f2937;color:#fff;text-decoration:none}</style></head>
<body><main><h1>Çok yoğunuz</h1><p>${MESSAGE}</p><a href="">Sayfayı yenile</a></main></body></html>
`;

/**
 * A page the render threads could not take (as many renders wait as may): 503 with `Retry-After` at once,
 * a short page in Turkish for browsers, the error body for React Router's data requests (`.data`).
 */
export function sendRenderBusy(request: FastifyRequest, reply: FastifyReply) {
  reply
    .status(503)
    .header('retry-after', String(RENDER_RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store');
  if (pathOf(request.url).endsWith('.data')) {
    return reply.send({ error: { code: RENDER_BUSY_CODE, message: MESSAGE } } satisfies ApiErrorBody);
  }
  return reply.type('text/html; charset=utf-8').send(PAGE);
}
