import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type DocumentedRoute, openApiDocument, operationIdOf, registerOpenApi } from './openapi.ts';
import { apiRoutes } from './route.ts';

const route = (method: string, url: string, operationId?: string): DocumentedRoute => ({
  method,
  url,
  schema: {
    summary: `${method} ${url}`,
    tags: ['Mağaza: katalog'],
    security: [],
    ...(operationId ? { operationId } : {}),
    answers: { 200: { description: 'OK' } },
  },
});

describe('operation names in /api/docs', () => {
  it('are made from the method and the path, in camelCase', () => {
    expect(operationIdOf('GET', '/api/front/products/:slug')).toBe('getFrontProductsBySlug');
    expect(operationIdOf('POST', '/api/front/addresses/:id/default/:kind')).toBe(
      'postFrontAddressesByIdDefaultByKind',
    );
    expect(operationIdOf('DELETE', '/api/front/client-errors')).toBe('deleteFrontClientErrors');
    expect(operationIdOf('GET', '/api/admin/exports/orders.csv')).toBe('getAdminExportsOrdersCsv');
    expect(operationIdOf('GET', '/api/admin/tickets/:ticketNo/attachments/:messageId')).toBe(
      'getAdminTicketsByTicketNoAttachmentsByMessageId',
    );
  });

  it('are each given once: two routes that would share a name stop the document, a given name settles it', () => {
    const clash = [route('GET', '/api/admin/orders/open-list'), route('GET', '/api/admin/orders/open/list')];
    expect(() => openApiDocument(clash)).toThrow(
      /both named getAdminOrdersOpenList: give one an operationId/,
    );
    const doc = openApiDocument([clash[0]!, route('GET', '/api/admin/orders/open/list', 'listOpenOrders')]);
    expect(doc.paths['/api/admin/orders/open/list']!.get).toMatchObject({ operationId: 'listOpenOrders' });
    expect(doc.paths['/api/admin/orders/open-list']!.get).toMatchObject({
      operationId: 'getAdminOrdersOpenList',
    });
  });

  it('stop a server whose routes would share a name as it starts', async () => {
    const app = Fastify();
    registerOpenApi(app);
    const register = apiRoutes(app);
    for (const url of ['/api/front/gift-cards', '/api/front/gift/cards'] as const) {
      register({
        method: 'GET',
        url,
        summary: 'Gift cards',
        tag: 'Mağaza: katalog',
        responses: { 200: { description: 'OK' } },
        handler: () => ({}),
      });
    }
    await expect(app.ready()).rejects.toThrow(/both named getFrontGiftCards/);
  });

  it('declares the tags the routes use, each once with its description', () => {
    const doc = openApiDocument([route('GET', '/api/front/a'), route('GET', '/api/front/b')]);
    expect(doc.tags).toEqual([{ name: 'Mağaza: katalog', description: expect.stringContaining('ürün') }]);
  });
});
