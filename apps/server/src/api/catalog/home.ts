import type { Services } from '@vitrin/core';
import type { PublicConfig } from '@vitrin/shared/storefront';
import type { FastifyInstance } from 'fastify';
import { encodeAll, sendEncoded } from '../../http/precompressed.ts';

export function registerHomeRoutes(app: FastifyInstance, services: Services, publicConfig: PublicConfig) {
  /** Spec section 7: `{ menu, global_setting, social_accounts }`, served from the in-process cache. */
  // The body is compressed once per change of the home data, not once per request.
  let lastJson = '';
  let encoded = encodeAll(lastJson);
  app.get('/api/front/home', async (request, reply) => {
    const json = await services.home.json();
    if (json !== lastJson) {
      encoded = encodeAll(json, 11);
      lastJson = json;
    }
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    return sendEncoded(request, reply, encoded);
  });

  /** Latest deployed client build; polled by open pages (with a timestamp query against caches). */
  app.get('/api/front/build', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ version: publicConfig.buildVersion }),
  );
}
