import type { Services } from '@vitrin/core';
import {
  customerAnswer,
  customerEraseRequest,
  customerIdParam,
  customerListAnswer,
  customerListQuery,
  customerUpdateRequest,
  guestOrdersLinkAnswer,
} from '@vitrin/shared/api/admin/customers';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: müşteriler';
const notFound = { 404: errorAnswer('HESAP_BULUNAMADI: no customer with this number') };
const erased = { 409: errorAnswer('HESAP_SILINMIS: the account was erased; nothing of it can change') };

/**
 * Customers in the panel: the search and a customer's detail (`customers.read`: support too), and what
 * only owners and managers change (`customers.write`): wholesale prices, disabling, the KVKK export and the
 * erasure on request.
 */
export function registerAdminCustomerRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { customerAdmin, customers } = services;
  const params = { id: customerIdParam };

  route({
    method: 'GET',
    url: '/api/admin/customers',
    summary: 'Customers, newest first; `q` searches names and e-mails (Turkish letters folded) and phones',
    tag: TAG,
    permission: 'customers.read',
    querystring: customerListQuery,
    responses: { 200: { description: 'One page', schema: customerListAnswer }, ...invalid, ...staffRefusals },
    handler: async (request) => customerAdmin.list(request.query),
  });

  route({
    method: 'GET',
    url: '/api/admin/customers/:id',
    summary: 'A customer with their orders, addresses and tickets',
    tag: TAG,
    permission: 'customers.read',
    params,
    responses: {
      200: { description: 'The customer', schema: customerAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => ({
      customer: await customerAdmin.detail(request.params.id),
    }),
  });

  route({
    method: 'PATCH',
    url: '/api/admin/customers/:id',
    summary:
      'Wholesale prices on or off; disables the account (its sessions end, it cannot log in) or enables it',
    tag: TAG,
    permission: 'customers.write',
    params,
    body: customerUpdateRequest,
    responses: {
      200: { description: 'Changed', schema: customerAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...erased,
    },
    handler: async (request) => {
      const actor = staffActor(await signedIn(staffOf, request));
      return {
        customer: await customerAdmin.update(actor, request.params.id, request.body),
      };
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/customers/:id/guest-orders-link',
    summary:
      'E-mails the customer the link that adds the guest orders placed with their address to the account (as the orders page does)',
    tag: TAG,
    permission: 'customers.write',
    params,
    responses: {
      200: { description: 'Queued; how many orders the e-mail names', schema: guestOrdersLinkAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      409: errorAnswer(
        'HESAP_SILINMIS: the account was erased; BAGLANACAK_SIPARIS_YOK: no guest order of its address waits; HESAP_KAPALI: the account is disabled',
      ),
      429: errorAnswer('COK_FAZLA_ISTEK: three links were sent to this address in the last hour'),
    },
    handler: async (request) => {
      const actor = staffActor(await signedIn(staffOf, request));
      return customerAdmin.sendGuestOrdersLink(actor, request.params.id);
    },
  });

  route({
    method: 'GET',
    url: '/api/admin/customers/:id/export.json',
    summary:
      "The customer's data as their own export gives it (KVKK), with their orders and the guest orders of their e-mail address, as a download",
    tag: TAG,
    permission: 'customers.write',
    params,
    responses: { 200: { description: 'The JSON file' }, ...invalid, ...staffRefusals, ...notFound },
    handler: async (request, reply) => {
      const { id } = request.params;
      // The customer's own export, and their orders: guest orders with the same address too (staff
      // checked who asks; the customer's own export does not reach those).
      const data = { ...(await customers.exportData(id)), orders: await customerAdmin.exportOrders(id) };
      await services.audit.record({
        actor: staffActor(await signedIn(staffOf, request)),
        action: 'customer.export',
        entity: 'customer',
        entityId: id,
      });
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="musteri-${id}-verileri.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/customers/:id/erase',
    summary:
      "Erases the customer's personal data on request (KVKK), confirmed by their e-mail typed again; orders stay, anonymised",
    tag: TAG,
    permission: 'customers.write',
    params,
    body: customerEraseRequest,
    responses: {
      200: { description: 'Erased', schema: customerAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...erased,
      422: errorAnswer("ONAY_HATALI: the confirmation is not the customer's e-mail address"),
    },
    handler: async (request) => {
      const actor = staffActor(await signedIn(staffOf, request));
      return {
        customer: await customerAdmin.erase(actor, request.params.id, request.body),
      };
    },
  });
}
