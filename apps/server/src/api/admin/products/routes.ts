import type { Services } from '@vitrin/core';
import {
  productAnswer,
  productBulkAnswer,
  productBulkRequest,
  productDeleteAnswer,
  productIdParam,
  productListAnswer,
  productListQuery,
  productRequest,
  stockAdjustAnswer,
  stockAdjustRequest,
  stockHistoryAnswer,
  stockHistoryQuery,
} from '@vitrin/shared/api/admin/products';
import { can } from '@vitrin/shared/staff/permissions';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, formOf, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: ürünler';
const notFound = {
  404: errorAnswer('URUN_BULUNAMADI; VARYANT_BULUNAMADI: a variant id not of this product'),
};
const taken =
  'SKU_KAYITLI: another product or variant has a SKU (`fields` names which); SLUG_KAYITLI: another product has the slug (`fields.slug` offers a free one, e.g. `-2`)';
const formRefusals = {
  409: errorAnswer(taken),
  422: errorAnswer('KATEGORI_BULUNAMADI; ETIKET_BULUNAMADI'),
};

/**
 * Products in the panel: reading (`catalog.read`, support too) and changing (`catalog.write`, owners and
 * managers). Every change is audited and shows in the storefront at once.
 */
export function registerAdminProductRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { productAdmin } = services;
  const actorOf = async (request: Parameters<typeof signedIn>[1]) =>
    staffActor(await signedIn(staffOf, request));

  route({
    method: 'GET',
    url: '/api/admin/products',
    summary:
      'The products table: search by name, SKU or barcode (Turkish letters folded); category (with its subcategories), stock state, on sale, sale price range in TL; sorted and paged',
    tag: TAG,
    permission: 'catalog.read',
    querystring: productListQuery,
    responses: { 200: { description: 'A page', schema: productListAnswer }, ...invalid, ...staffRefusals },
    handler: (request) => productAdmin.list(request.query),
  });

  route({
    method: 'POST',
    url: '/api/admin/products/bulk',
    summary:
      'One action on many products, all or nothing: activate, deactivate, move-category (categoryId), change-price-percent (percent; sale, market, instalment and wholesale prices, never the purchase price)',
    tag: TAG,
    permission: 'catalog.write',
    body: productBulkRequest,
    responses: {
      200: { description: 'Done', schema: productBulkAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('URUN_BULUNAMADI: an id is no product; nothing changed'),
      422: errorAnswer('KATEGORI_BULUNAMADI'),
    },
    handler: async (request) => {
      const actor = await actorOf(request);
      return productAdmin.bulk(actor, request.body);
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/products',
    summary:
      'Adds a product of any stock type: 1 single, 2 variant (option groups and the variants of their matrix), 3 designable (personalization fields), 4 virtual (no shipping; stock null is unlimited)',
    tag: TAG,
    permission: 'catalog.write',
    body: productRequest,
    // Read once, by the domain: prices are typed in lira and kept in kuruş, so a parsed body read again would
    // take its kuruş for lira.
    checkedByDomain: true,
    responses: {
      201: { description: 'Added; everything the form edits', schema: productAnswer },
      ...invalid,
      ...staffRefusals,
      ...formRefusals,
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      const product = await productAdmin.create(actor, formOf(request.body));
      return reply.status(201).send({ product });
    },
  });

  route({
    method: 'GET',
    url: '/api/admin/products/:id',
    summary:
      'Everything the product form edits; the purchase price (type 1) only for staff who may change products (no other answer carries it, support never sees it)',
    tag: TAG,
    permission: 'catalog.read',
    params: { id: productIdParam },
    responses: {
      200: { description: 'The product', schema: productAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => {
      const staff = await signedIn(staffOf, request);
      // What the shop pays its supplier is for those who set prices: support reads the rest.
      const withCost = can(staff.role, 'catalog.write');
      return { product: await productAdmin.get(request.params.id, { withCost }) };
    },
  });

  route({
    method: 'PUT',
    url: '/api/admin/products/:id',
    summary:
      'Saves the whole product form (as for adding); variants with an id are kept, without one added, missing ones removed (taken off sale when orders hold them)',
    tag: TAG,
    permission: 'catalog.write',
    params: { id: productIdParam },
    body: productRequest,
    // Read once, by the domain: prices are typed in lira and kept in kuruş, so a parsed body read again would
    // take its kuruş for lira.
    checkedByDomain: true,
    responses: {
      200: { description: 'Saved', schema: productAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...formRefusals,
      409: errorAnswer(
        `${taken}; KAYIT_DEGISTI: the product changed since its \`loadedUpdatedAt\` (another save, a bulk action, an import, a stock adjustment): load it again`,
      ),
    },
    handler: async (request) => {
      const actor = await actorOf(request);
      return {
        product: await productAdmin.update(actor, request.params.id, formOf(request.body)),
      };
    },
  });

  route({
    method: 'DELETE',
    url: '/api/admin/products/:id',
    summary:
      'Deletes a product no order holds; one that orders hold is taken off sale instead (the orders keep their lines), and the answer says which',
    tag: TAG,
    permission: 'catalog.write',
    params: { id: productIdParam },
    responses: {
      200: { description: 'Deleted or taken off sale', schema: productDeleteAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => {
      const actor = await actorOf(request);
      return productAdmin.remove(actor, request.params.id);
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/products/:id/stock',
    summary:
      'Adds to or takes from the stock of the product or of one variant (variantId), with a reason (sayım, fire, iade, tedarik, düzeltme) and a note; never below zero',
    tag: TAG,
    permission: 'catalog.write',
    params: { id: productIdParam },
    body: stockAdjustRequest,
    responses: {
      200: { description: 'The movement written', schema: stockAdjustAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      409: errorAnswer('STOK_EKSIYE_DUSEMEZ: the stock would fall below zero; nothing changed'),
      422: errorAnswer('VARYANT_SECIN: a variant product needs variantId; STOK_SINIRSIZ: unlimited stock'),
    },
    handler: async (request) => {
      const actor = await actorOf(request);
      return {
        movement: await productAdmin.adjustStock(actor, request.params.id, request.body),
      };
    },
  });

  route({
    method: 'GET',
    url: '/api/admin/products/:id/stock-history',
    summary:
      'Every stock change of the product and its variants, newest first, 50 a page: who, when, before, after, why',
    tag: TAG,
    permission: 'catalog.read',
    params: { id: productIdParam },
    querystring: stockHistoryQuery,
    responses: {
      200: { description: 'A page', schema: stockHistoryAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => productAdmin.stockHistory(request.params.id, request.query.page),
  });
}
