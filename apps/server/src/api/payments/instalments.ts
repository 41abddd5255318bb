import type { Services } from '@vitrin/core';
import type { InstalmentTableView } from '@vitrin/shared/api/instalments';
import { cardInstalmentsRequest, instalmentTableQuery } from '@vitrin/shared/api/instalments';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { apiRoutes, crossOrigin, invalid, maintenance, tooMany } from '../route.ts';

const row = z.object({
  count: z.number().int().describe('1: a single payment'),
  totalMinor: z.number().int().describe('What the card is charged in all, kuruş'),
  monthlyMinor: z.number().int(),
});
const names = { bank: z.string().nullable(), family: z.string().nullable() };
export const instalmentTableAnswer = z.object({
  provider: z.string().nullable().describe('test, iyzico, paytr; null: the shop takes no card'),
  card: z.object(names).nullable().describe("The card's bank and programme (a card's table only)"),
  groups: z.array(z.object({ ...names, rows: z.array(row) })),
  available: z.boolean().describe('False: the provider did not answer; a single payment only'),
  message: z.string().nullable().describe('Why only a single payment, in Turkish'),
}) satisfies z.ZodType<InstalmentTableView>;

/**
 * The instalment tables of the shop's card provider. The general table (product page, checkout) is a GET
 * that browsers may keep a minute; a card's is a POST whose body holds the BIN alone, so the digits appear
 * in no address, no access log and no history, and a longer number is refused by the schema (never echoed).
 * The provider is asked at most once per BIN prefix and amount in ten minutes (`instalment-tables.ts`).
 */
export function registerInstalmentRoutes(app: FastifyInstance, services: Services) {
  const route = apiRoutes(app);
  const tag = 'Mağaza: ödeme';
  const answers = { 200: { description: 'Instalment table', schema: instalmentTableAnswer } };

  route({
    method: 'GET',
    url: '/api/front/payments/instalments',
    summary: "The provider's general instalment table for an amount (before a card is typed)",
    tag,
    querystring: instalmentTableQuery,
    responses: { ...answers, ...invalid, ...tooMany },
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { amount, single } = request.query;
      reply.header('cache-control', 'public, max-age=60');
      return services.payments.instalmentTable({
        amountMinor: amount,
        ...(single !== undefined ? { singleMinor: single } : {}),
      });
    },
  });

  route({
    method: 'POST',
    url: '/api/front/payments/instalments/card',
    summary: "A card's instalment table by its first 6-8 digits (BIN) only",
    tag,
    body: cardInstalmentsRequest,
    responses: { ...answers, ...invalid, ...crossOrigin, ...tooMany, ...maintenance },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { bin, amount, single } = request.body;
      reply.header('cache-control', 'private, no-store');
      return services.payments.instalmentTable({
        bin,
        amountMinor: amount,
        ...(single !== undefined ? { singleMinor: single } : {}),
      });
    },
  });
}
