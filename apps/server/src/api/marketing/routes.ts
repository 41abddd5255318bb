import type { Services } from '@vitrin/core';
import { escapeHtml } from '@vitrin/core/mail/templates';
import type { FastifyInstance } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { cartRequest, writableOwner } from '../../storefront/cart-request.ts';
import { readFormBodies } from '../payments/form-body.ts';

const PAGE_CSP = "default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none'";

/** The few words a mail provider's one-click request gets back (it is no browser; nobody reads more). */
function page(title: string, text: string) {
  return (
    `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`
  );
}

/**
 * The links of the marketing e-mails that are not pages of their own:
 *
 * - `POST /unsubscribe/{token}`: RFC 8058 one-click unsubscribe, posted by the mail provider (Gmail, Yahoo…)
 *   from its own servers with the body `List-Unsubscribe=One-Click`, no cookie and no Origin (the same-origin
 *   check lets a cookie-less post through; one carrying our session cookie from another site is still 403).
 *   The consent is withdrawn at once: 200, also when it already was; 404 for an unknown token. The `GET` of the
 *   same address is the storefront's page (`apps/web/app/routes/unsubscribe.tsx`).
 * - `GET /cart/restore/{token}`: the abandoned-cart reminder's button, on any device: the reminded lines go
 *   into this visitor's cart (a guest's gets its cookie), then to `/cart`, which says how many were added
 *   and how many could not be.
 */
export async function registerMarketingRoutes(
  app: FastifyInstance,
  services: Services,
  accountOf: AccountOf,
) {
  await app.register(async (scope) => {
    readFormBodies(scope, 1024);

    scope.post(
      '/unsubscribe/:token',
      { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        const done = await services.marketing.unsubscribe(token, request.ip);
        reply
          .header('cache-control', 'no-store')
          .header('content-security-policy', PAGE_CSP)
          .type('text/html; charset=utf-8');
        if (!done) {
          return reply
            .status(404)
            .send(page('Bağlantı geçersiz', 'Bu abonelikten çıkma bağlantısı geçersiz.'));
        }
        return reply.send(
          page('E-posta aboneliğiniz sonlandırıldı', 'Size artık pazarlama e-postası göndermeyeceğiz.'),
        );
      },
    );
  });

  app.get(
    '/cart/restore/:token',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { token } = request.params as { token: string };
      const cart = await cartRequest(request, reply, accountOf);
      const { owner, setCookie } = writableOwner(request, cart);
      const result = await services.marketing.restore(token, owner, cart.buyer);
      if (!result) return reply.redirect('/cart', 303);
      // The guest cart's cookie only when a line went in (a new guest cart exists only then).
      if (result.restored > 0) for (const cookie of setCookie) reply.header('set-cookie', cookie);
      const query = new URLSearchParams({
        'geri-yuklenen': String(result.restored),
        eklenemeyen: String(result.skipped.length),
      });
      return reply.redirect(`/cart?${query}`, 303);
    },
  );
}
