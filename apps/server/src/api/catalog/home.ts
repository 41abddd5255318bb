import type { Services } from '@vitrin/core';
import { buildInfoSchema, homeDataSchema } from '@vitrin/shared/api/home';
import type { PublicConfig } from '@vitrin/shared/storefront';
import type { FastifyInstance } from 'fastify';
import { encodeAll, sendEncoded } from '../../http/precompressed.ts';
import { apiRoutes } from '../route.ts';

export function registerHomeRoutes(app: FastifyInstance, services: Services, publicConfig: PublicConfig) {
  const route = apiRoutes(app);

  /** Spec section 7: `{ menu, global_setting, social_accounts }`, served from the in-process cache. */
  // The body is compressed once per change of the home data, not once per request.
  let lastJson = '';
  let encoded = encodeAll(lastJson);
  route({
    method: 'GET',
    url: '/api/front/home',
    summary: 'Menu, public settings and social accounts, loaded once by the storefront',
    tag: 'Mağaza: genel',
    responses: { 200: { description: 'Home data', schema: homeDataSchema } },
    handler: async (request, reply) => {
      const json = await services.home.json();
      if (json !== lastJson) {
        encoded = encodeAll(json, 11);
        lastJson = json;
      }
      reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
      return sendEncoded(request, reply, encoded);
    },
  });

  /** Latest deployed client build; polled by open pages (with a timestamp query against caches). */
  route({
    method: 'GET',
    url: '/api/front/build',
    summary: 'Version of the deployed storefront build (poll with a timestamp query)',
    tag: 'Mağaza: genel',
    responses: { 200: { description: 'Build info', schema: buildInfoSchema } },
    handler: async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ version: publicConfig.buildVersion }),
  });
}
