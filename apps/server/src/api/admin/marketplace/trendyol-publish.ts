import type { Services } from '@vitrin/core';
import {
  trendyolAttributesAnswer,
  trendyolBrandsAnswer,
  trendyolBrandsQuery,
  trendyolCategoriesAnswer,
  trendyolCategoriesQuery,
  trendyolCategoryParam,
  trendyolMappingAnswer,
  trendyolMappingParams,
  trendyolMappingRequest,
  trendyolMappingsAnswer,
  trendyolPublishAnswer,
  trendyolPublishRequest,
} from '@vitrin/shared/api/admin/marketplace';
import { productIdParam } from '@vitrin/shared/api/admin/products';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { answer } from '../../orders/replies.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: pazaryeri';

/** Answers of a route that asks Trendyol: not set up, Trendyol away or refusing. */
const channelRefusals = {
  409: errorAnswer('TRENDYOL_AYARLANMADI: the TRENDYOL_* keys are not set (the message says which)'),
  502: errorAnswer('KANAL_YETKI_YOK, KANAL_REDDETTI: Trendyol refused the call (its words in the message)'),
  503: errorAnswer('KANAL_ULASILAMIYOR, KANAL_YOGUN: Trendyol is away or busy; try again (Retry-After)'),
};

/**
 * Putting a product on Trendyol (issue 43): Trendyol's categories, brands and a category's attributes
 * (`catalog.read`), the owner's category and brand mappings (`catalog.write` to change) and the publish of a
 * product through product create V2 (`catalog.write`), followed by the Trendyol round.
 */
export function registerTrendyolPublishRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { publish } = services.trendyolSync;
  const actorOf = async (request: FastifyRequest) => staffActor(await signedIn(staffOf, request));

  route({
    method: 'GET',
    url: '/api/admin/marketplace/trendyol/categories',
    summary:
      "Trendyol's leaf categories whose path has every word of q (Turkish folding), at most 50; the tree is read from Trendyol at most once a day",
    tag: TAG,
    permission: 'catalog.read',
    querystring: trendyolCategoriesQuery,
    responses: {
      200: { description: 'Categories', schema: trendyolCategoriesAnswer },
      ...invalid,
      ...staffRefusals,
      ...channelRefusals,
    },
    handler: async (request, reply) => ({
      categories: await answer(reply, () => publish.categories(request.query.q)),
    }),
  });

  route({
    method: 'GET',
    url: '/api/admin/marketplace/trendyol/brands',
    summary: "Trendyol's brands of this exact name (as typed, then in Turkish capitals)",
    tag: TAG,
    permission: 'catalog.read',
    querystring: trendyolBrandsQuery,
    responses: {
      200: { description: 'Brands', schema: trendyolBrandsAnswer },
      ...invalid,
      ...staffRefusals,
      ...channelRefusals,
    },
    handler: async (request, reply) => ({
      brands: await answer(reply, () => publish.brands(request.query.q)),
    }),
  });

  route({
    method: 'GET',
    url: '/api/admin/marketplace/trendyol/categories/:id/attributes',
    summary:
      "A Trendyol category's attributes with their values; the required ones must be given to publish (read at most once a day)",
    tag: TAG,
    permission: 'catalog.read',
    params: { id: trendyolCategoryParam },
    responses: {
      200: { description: 'Attributes', schema: trendyolAttributesAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('TRENDYOL_KATEGORISI_YOK: Trendyol has no such category'),
      ...channelRefusals,
    },
    handler: async (request, reply) => ({
      categoryId: request.params.id,
      attributes: await answer(reply, () => publish.attributes(request.params.id)),
    }),
  });

  route({
    method: 'GET',
    url: '/api/admin/marketplace/trendyol/mappings',
    summary: "The owner's mappings: shop categories to Trendyol categories, brand names to Trendyol brands",
    tag: TAG,
    permission: 'catalog.read',
    responses: { 200: { description: 'Mappings', schema: trendyolMappingsAnswer }, ...staffRefusals },
    handler: async (_request, reply) => ({ mappings: await answer(reply, () => publish.mappings()) }),
  });

  route({
    method: 'PUT',
    url: '/api/admin/marketplace/trendyol/mappings',
    summary:
      'Maps a shop category (by id) to a Trendyol leaf category, or a brand name to a Trendyol brand (replacing the one there); audited',
    tag: TAG,
    permission: 'catalog.write',
    body: trendyolMappingRequest,
    responses: {
      200: { description: 'Mapped', schema: trendyolMappingAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('KATEGORI_BULUNAMADI: the shop has no such category'),
      422: errorAnswer('TRENDYOL_KATEGORISI_GECERSIZ: not a leaf of Trendyol’s category tree'),
      ...channelRefusals,
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      await answer(reply, () => publish.setMapping(actor, request.body));
      const all = await publish.mappings();
      const mapping = all.find((m) => m.kind === request.body.kind && m.local === request.body.local);
      return { mapping: mapping! };
    },
  });

  route({
    method: 'DELETE',
    url: '/api/admin/marketplace/trendyol/mappings/:kind/:local',
    summary: 'Removes a category or brand mapping; audited',
    tag: TAG,
    permission: 'catalog.write',
    params: trendyolMappingParams,
    responses: {
      204: { description: 'Removed' },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('ESLESME_BULUNAMADI: no such mapping'),
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      await answer(reply, () => publish.deleteMapping(actor, request.params.kind, request.params.local));
      return reply.status(204).send();
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/marketplace/trendyol/products/:productId/publish',
    summary:
      'Puts the product (each variant for sale by its barcode) on Trendyol through product create V2 with the mapped category and brand and the given attributes; 202 with the batch the Trendyol round follows (null batch: Trendyol is away, the round sends it once)',
    tag: TAG,
    permission: 'catalog.write',
    params: { productId: productIdParam },
    body: trendyolPublishRequest,
    responses: {
      202: { description: 'Taken', schema: trendyolPublishAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('URUN_BULUNAMADI: no such product'),
      409: errorAnswer(
        'TRENDYOL_URUNU_VAR: already on Trendyol; TRENDYOL_GONDERIMI_BEKLIYOR: sent and waiting; TRENDYOL_AYARLANMADI: keys not set',
      ),
      422: errorAnswer(
        'TRENDYOL_BILGI_EKSIK: what is missing (category or brand mapping, barcode, price, image, required attributes) in `fields` by kind and in `missing` [{ kind, message }]',
      ),
      502: channelRefusals[502],
      503: channelRefusals[503],
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      const result = await answer(reply, () =>
        publish.publish(actor, request.params.productId, request.body),
      );
      return reply.status(202).send(result);
    },
  });
}
