import type { FastifyInstance } from 'fastify';

const FORM = 'application/x-www-form-urlencoded';

/**
 * Form posts from outside the shop's pages (a payment provider's server, a bank's page) read as a flat
 * object of strings, in `scope` only: elsewhere form bodies stay unread for React Router's actions.
 */
export function readFormBodies(scope: FastifyInstance, bodyLimit = 16_384) {
  if (scope.hasContentTypeParser(FORM)) scope.removeContentTypeParser(FORM);
  scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
