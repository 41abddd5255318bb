import { DomainError, type Services } from '@vitrin/core';
import { escapeHtml } from '@vitrin/core/mail/templates';
import type { PaymentStep } from '@vitrin/shared/api/orders';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type AccountOf, customerIdOf } from '../../sessions/account.ts';
import { readFormBodies } from './form-body.ts';

/** The bank's own page runs its own scripts and posts to the bank: only framing and plugins stay shut. */
const BANK_PAGE_CSP = "frame-ancestors 'none';object-src 'none';base-uri 'none'";

/** A minimal Turkish page for the few answers that are not a redirect. */
function page(title: string, body: string) {
  return (
    `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;margin:0;background:#f7f4ef;color:#1f2937}main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}iframe{width:100%;min-height:38rem;border:0;background:#fff}a{color:#9a3412}</style>' +
    `</head><body><main>${body}</main></body></html>`
  );
}

/** Back to the payment page of the order the form named, with a code the page words in Turkish. */
function payPageWithError(fields: Record<string, string>, code: string) {
  const query = new URLSearchParams({ order: fields.order ?? '' });
  if (fields.token) query.set('token', fields.token);
  query.set('hata', code);
  return `/secure-pay?${query}`;
}

function sendStep(reply: FastifyReply, step: PaymentStep) {
  reply.header('cache-control', 'private, no-store');
  switch (step.kind) {
    case 'html':
      // The bank's 3-D Secure page as iyzico sent it: it posts itself to the bank, which posts back to us.
      return reply
        .header('content-security-policy', BANK_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(step.html);
    case 'iframe': {
      const origin = new URL(step.url).origin;
      return reply
        .header(
          'content-security-policy',
          `default-src 'none';style-src 'unsafe-inline';frame-src ${origin};frame-ancestors 'none';base-uri 'none'`,
        )
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Güvenli Ödeme',
            `<h1>Güvenli Ödeme</h1><iframe title="Ödeme formu" src="${escapeHtml(step.url)}"></iframe>`,
          ),
        );
    }
    case 'outcome':
      return reply.redirect(step.outcome.next, 303);
    default:
      // The test bank's code step lives in the React page itself; this route is not its way.
      return reply.redirect('/secure-pay', 303);
  }
}

/**
 * The pages between the shop and a real provider, outside React Router because they are not ours to
 * render:
 *
 * - `POST /secure-pay/bank`: the `/secure-pay` card form of a provider whose bank page is HTML (iyzico) or
 *   whose form is hosted (PayTR) posts here as a plain form. The card goes to the provider's one call and
 *   no further; the answer is the bank's 3-D Secure page itself (with its own scripts, so its own CSP), or
 *   the hosted form in an iframe, or back to `/secure-pay` with why (`?hata=`).
 * - `POST /api/payments/iyzico/callback?ref=`: the bank's page posts the shopper back here (form-encoded,
 *   from the bank's site, so without our cookie); the signature is checked, auth asked once, and the
 *   browser sent to the order's success page or back to the payment page. A second post changes nothing.
 *
 * Neither logs a body; errors never repeat a field's value.
 */
export async function registerBankPages(app: FastifyInstance, services: Services, accountOf: AccountOf) {
  await app.register(async (scope) => {
    readFormBodies(scope);

    scope.post(
      '/secure-pay/bank',
      { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } },
      async (request, reply) => {
        const fields = (request.body ?? {}) as Record<string, string>;
        try {
          const step = await services.payments.payByCard(
            fields,
            await customerIdOf(accountOf, request, reply),
            { ip: request.ip },
          );
          return sendStep(reply, step);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          request.log.info({ code: err.code }, 'card payment not started');
          if (err.code === 'SIPARIS_BULUNAMADI') {
            return reply.redirect('/secure-pay', 303);
          }
          return reply.redirect(payPageWithError(fields, err.code), 303);
        }
      },
    );

    scope.post(
      '/api/payments/iyzico/callback',
      { config: { rateLimit: { max: 60, timeWindow: '10 minutes' } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const ref = (request.query as Record<string, string | undefined>).ref ?? '';
        try {
          const { next } = await services.payments.callback(
            'iyzico',
            ref,
            (request.body ?? {}) as Record<string, unknown>,
          );
          return reply.redirect(next, 303);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          request.log.warn({ code: err.code }, 'iyzico callback refused');
          return reply
            .status(err.status)
            .header(
              'content-security-policy',
              "default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none'",
            )
            .type('text/html; charset=utf-8')
            .send(
              page(
                'Ödeme doğrulanamadı',
                `<h1>Ödeme doğrulanamadı</h1><p>${escapeHtml(err.message)}</p><p><a href="/">Mağazaya dön</a></p>`,
              ),
            );
        }
      },
    );
  });
}
