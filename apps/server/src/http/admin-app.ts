import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where `npm run build` writes the panel (apps/admin, Vite). */
export const ADMIN_BUILD_DIR = path.resolve(import.meta.dirname, '../../../admin/build');

const ASSETS_PREFIX = '/admin/assets/';
// The panel is staff-only: no search engine lists it, whatever robots.txt a crawler read (seo.ts).
const NOINDEX = { 'x-robots-tag': 'noindex, nofollow' };

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Yönetim paneli derlenmemiş</title></head>
<body><main><h1>Yönetim paneli derlenmemiş</h1>
<p>Panelin dosyaları bulunamadı. Sunucunun bulunduğu klasörde <code>npm run build</code> komutunu çalıştırıp sunucuyu
yeniden başlatın.</p></main></body></html>
`;

/**
 * The staff panel, a client-rendered app of its own (apps/admin): every path under /admin answers its
 * index.html and the app's router takes it from there; /admin/assets/* are its content-hashed files. None of
 * it reaches the storefront's server rendering (registered before it, and answering every method itself).
 * The build is read at start-up: a panel built later is served after a restart.
 */
export async function registerAdminApp(app: FastifyInstance, buildDir = ADMIN_BUILD_DIR) {
  const indexFile = path.join(buildDir, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile) : undefined;

  if (index) {
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'assets'),
      prefix: ASSETS_PREFIX,
      // One route per built file, so a missing one falls through to the 404 below, not to index.html.
      wildcard: false,
      index: false,
      decorateReply: false,
      // The build writes .br and .gz beside each script and stylesheet (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders: (reply) => {
        reply.header('cache-control', 'public, max-age=31536000, immutable').headers(NOINDEX);
      },
    });
  }

  const answer = async (request: { method: string; url: string }, reply: FastifyReply) => {
    reply.headers(NOINDEX).header('cache-control', 'no-store');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .status(405)
        .header('allow', 'GET, HEAD, OPTIONS')
        .type('text/plain; charset=utf-8')
        .send('Yönetim panelinin sayfaları yalnızca GET ile açılır.');
    }
    if (request.url.startsWith(ASSETS_PREFIX)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Dosya bulunamadı.');
    }
    if (!index) {
      return reply.status(503).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
    }
    return reply.type('text/html; charset=utf-8').send(index);
  };
  app.all('/admin', answer);
  app.all('/admin/*', answer);
}
