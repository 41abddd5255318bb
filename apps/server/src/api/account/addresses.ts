import { addressInput } from '@vitrin/shared/api/account';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { apiRoutes, crossOrigin, errorAnswer, noSession } from '../route.ts';
import { bodyOf, sendResult } from './replies.ts';
import { addressAnswer, addressesAnswer, panelWrite } from './schemas.ts';

/** Anything that is not an address id of the customer answers 404, as an unknown id does. */
const id = z.string().describe('The address id (a positive integer)');
const notFound = { 404: errorAnswer('ADRES_BULUNAMADI: unknown, or another customer’s') };

/**
 * The address book. Another customer's address answers 404 ADRES_BULUNAMADI, exactly like one that does
 * not exist (the domain scopes every look-up to the logged-in customer).
 */
export function registerAddressRoutes(app: FastifyInstance, accountOf: AccountOf) {
  const route = apiRoutes(app, accountOf);
  const tag = 'Mağaza: adreslerim';
  const addressOk = { 200: { description: 'Address', schema: addressAnswer } };

  route({
    method: 'GET',
    url: '/api/front/addresses',
    summary: "The customer's address book, oldest first",
    tag,
    auth: true,
    responses: { 200: { description: 'Addresses', schema: addressesAnswer }, ...noSession },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).addresses.list(), (addresses) => ({
        status: 200,
        body: { addresses },
      })),
  });

  route({
    method: 'POST',
    url: '/api/front/addresses',
    summary: 'Adds an address (the first one becomes the default shipping and billing address)',
    tag,
    auth: true,
    body: addressInput,
    responses: {
      201: { description: 'Added', schema: addressAnswer },
      ...panelWrite,
      409: errorAnswer('ADRES_SINIRI: the address book is full'),
    },
    handler: async (request, reply) =>
      sendResult(
        reply,
        await accountOf(request, reply).addresses.create(bodyOf(request.body)),
        (address) => ({
          status: 201,
          body: { address },
        }),
      ),
  });

  route({
    method: 'GET',
    url: '/api/front/addresses/:id',
    summary: 'One address of the customer',
    tag,
    auth: true,
    params: { id },
    responses: { ...addressOk, ...noSession, ...notFound },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).addresses.get(request.params.id), (address) => ({
        status: 200,
        body: { address },
      })),
  });

  route({
    method: 'PUT',
    url: '/api/front/addresses/:id',
    summary: 'Replaces an address; a default flag that is set moves the default to it',
    tag,
    auth: true,
    params: { id },
    body: addressInput,
    responses: { ...addressOk, ...panelWrite, ...notFound },
    handler: async (request, reply) =>
      sendResult(
        reply,
        await accountOf(request, reply).addresses.update(request.params.id, bodyOf(request.body)),
        (address) => ({ status: 200, body: { address } }),
      ),
  });

  route({
    method: 'DELETE',
    url: '/api/front/addresses/:id',
    summary: 'Deletes an address; a default passes to the newest remaining one',
    tag,
    auth: true,
    params: { id },
    responses: { 204: { description: 'Deleted' }, ...noSession, ...crossOrigin, ...notFound },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).addresses.remove(request.params.id), () => ({
        status: 204,
      })),
  });

  route({
    method: 'POST',
    url: '/api/front/addresses/:id/default/:kind',
    summary: 'Makes an address the default shipping or billing address',
    tag,
    auth: true,
    params: { id, kind: z.enum(['shipping', 'billing'], { error: 'Teslimat ya da fatura seçin' }) },
    responses: { ...addressOk, ...panelWrite, ...notFound },
    handler: async (request, reply) => {
      const { id, kind } = request.params;
      return sendResult(reply, await accountOf(request, reply).addresses.setDefault(id, kind), (address) => ({
        status: 200,
        body: { address },
      }));
    },
  });
}
