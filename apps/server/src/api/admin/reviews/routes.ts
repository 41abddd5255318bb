import type { Services } from '@vitrin/core';
import {
  adminReviewAnswer,
  adminReviewListAnswer,
  adminReviewQuery,
  reviewAnswerRequest,
  reviewApproveRequest,
  reviewIdParam,
  reviewRejectRequest,
} from '@vitrin/shared/api/admin/reviews';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: değerlendirmeler';
const notFound = { 404: errorAnswer('DEGERLENDIRME_BULUNAMADI') };
const changed = {
  409: errorAnswer(
    'DEGERLENDIRME_DEGISTI: changed by someone else since `loadedUpdatedAt`, or already approved/rejected',
  ),
};

/**
 * Product reviews in the panel: the list and one review (`reviews.answer`, which support has too), approving,
 * rejecting and deleting (`reviews.moderate`), the shop's public answer (`reviews.answer`).
 */
export function registerAdminReviewRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { reviewsAdmin } = services;
  const id = { id: reviewIdParam };

  route({
    method: 'GET',
    url: '/api/admin/reviews',
    summary:
      'Reviews, newest first: by status, rating, product (name or address) and with photos; how many of each status the other filters match',
    tag: TAG,
    permission: 'reviews.answer',
    querystring: adminReviewQuery,
    responses: {
      200: { description: 'One page', schema: adminReviewListAnswer },
      ...invalid,
      ...staffRefusals,
    },
    handler: async (request) => reviewsAdmin.list(request.query),
  });

  route({
    method: 'GET',
    url: '/api/admin/reviews/:id',
    summary: 'One review with its product, its writer and the order that made them a verified buyer',
    tag: TAG,
    permission: 'reviews.answer',
    params: id,
    responses: {
      200: { description: 'The review', schema: adminReviewAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => ({ review: await reviewsAdmin.get(request.params.id) }),
  });

  route({
    method: 'POST',
    url: '/api/admin/reviews/:id/approve',
    summary: "Publishes the review: it counts in the product's rating",
    tag: TAG,
    permission: 'reviews.moderate',
    params: id,
    body: reviewApproveRequest,
    responses: {
      200: { description: 'Published', schema: adminReviewAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...changed,
    },
    handler: async (request) => {
      const actor = staffActor(await signedIn(staffOf, request));
      return { review: await reviewsAdmin.approve(actor, request.params.id, request.body) };
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/reviews/:id/reject',
    summary: 'Does not publish the review (or takes a published one down); its writer is e-mailed the reason',
    tag: TAG,
    permission: 'reviews.moderate',
    params: id,
    body: reviewRejectRequest,
    responses: {
      200: { description: 'Not published', schema: adminReviewAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...changed,
    },
    handler: async (request) => {
      const actor = staffActor(await signedIn(staffOf, request));
      return { review: await reviewsAdmin.reject(actor, request.params.id, request.body) };
    },
  });

  route({
    method: 'DELETE',
    url: '/api/admin/reviews/:id',
    summary: "Deletes the review; a published one leaves its product's rating",
    tag: TAG,
    permission: 'reviews.moderate',
    params: id,
    responses: {
      204: { description: 'Deleted' },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request, reply) => {
      const actor = staffActor(await signedIn(staffOf, request));
      await reviewsAdmin.remove(actor, request.params.id);
      return reply.status(204).send();
    },
  });

  route({
    method: 'PUT',
    url: '/api/admin/reviews/:id/answer',
    summary: "Sets or replaces the shop's public answer under the review (plain text)",
    tag: TAG,
    permission: 'reviews.answer',
    params: id,
    body: reviewAnswerRequest,
    responses: {
      200: { description: 'Answered', schema: adminReviewAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...changed,
    },
    handler: async (request) => {
      const actor = staffActor(await signedIn(staffOf, request));
      return { review: await reviewsAdmin.answer(actor, request.params.id, request.body) };
    },
  });

  route({
    method: 'DELETE',
    url: '/api/admin/reviews/:id/answer',
    summary: "Removes the shop's answer",
    tag: TAG,
    permission: 'reviews.answer',
    params: id,
    responses: {
      200: { description: 'Removed (or there was none)', schema: adminReviewAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => {
      const actor = staffActor(await signedIn(staffOf, request));
      return { review: await reviewsAdmin.removeAnswer(actor, request.params.id) };
    },
  });
}
