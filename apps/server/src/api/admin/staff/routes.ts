import type { Services } from '@vitrin/core';
import {
  staffCreatedAnswer,
  staffCreateRequest,
  staffIdParam,
  staffListAnswer,
  staffAnswer as staffRowAnswer,
  staffUpdateRequest,
} from '@vitrin/shared/api/admin/staff';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: personel';
const notFound = { 404: errorAnswer('PERSONEL_BULUNAMADI') };

/** Staff management (owners: `staff.manage`): list, add, rename, re-role, disable, end sessions. */
export function registerStaffRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { staff } = services;

  route({
    method: 'GET',
    url: '/api/admin/staff',
    summary: 'Every staff member with role, two-step verification and last login',
    tag: TAG,
    permission: 'staff.manage',
    responses: { 200: { description: 'The staff', schema: staffListAnswer }, ...staffRefusals },
    handler: async () => ({ items: await staff.list() }),
  });

  route({
    method: 'POST',
    url: '/api/admin/staff',
    summary: 'Adds a staff member; the generated password is in the answer, once',
    tag: TAG,
    permission: 'staff.manage',
    body: staffCreateRequest,
    responses: {
      201: { description: 'Added', schema: staffCreatedAnswer },
      ...invalid,
      ...staffRefusals,
      409: errorAnswer('EPOSTA_KAYITLI: a staff member has this e-mail'),
    },
    handler: async (request, reply) => {
      const actor = staffActor(await signedIn(staffOf, request));
      const created = await staff.create(actor, request.body);
      return reply.status(201).send({ staff: created.staff, password: created.password });
    },
  });

  route({
    method: 'PATCH',
    url: '/api/admin/staff/:id',
    summary: 'Renames, re-roles, disables (its sessions end) or enables a staff member',
    tag: TAG,
    permission: 'staff.manage',
    params: { id: staffIdParam },
    body: staffUpdateRequest,
    responses: {
      200: { description: 'Changed', schema: staffRowAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      409: errorAnswer('SON_SAHIP: the last enabled owner cannot be demoted or disabled'),
    },
    handler: async (request) => {
      const actor = staffActor(await signedIn(staffOf, request));
      return { staff: await staff.update(actor, request.params.id, request.body) };
    },
  });

  route({
    method: 'DELETE',
    url: '/api/admin/staff/:id/sessions',
    summary: 'Ends every session of a staff member',
    tag: TAG,
    permission: 'staff.manage',
    params: { id: staffIdParam },
    responses: { 204: { description: 'Ended' }, ...invalid, ...staffRefusals, ...notFound },
    handler: async (request, reply) => {
      const actor = staffActor(await signedIn(staffOf, request));
      await staff.revokeSessions(actor, request.params.id);
      return reply.status(204).send();
    },
  });
}
