import type { ApiErrorBody } from '@vitrin/shared/api/errors';
import { MAX_ATTACHMENT_BYTES } from '@vitrin/shared/ticket-status';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../http/request-path.ts';

const MB = 1024 * 1024;

/**
 * How large a form post to a page may be, by its type: a plain form as an API body (1 MB); a form with a file
 * (a support ticket's attachment, at most MAX_ATTACHMENT_BYTES) that file and 1 MB for its other fields and
 * the multipart framing.
 */
export const FORM_LIMITS = new Map<string, number>([
  ['application/x-www-form-urlencoded', MB],
  ['text/plain', MB],
  ['multipart/form-data', MAX_ATTACHMENT_BYTES + MB],
]);

export const FORM_TOO_LARGE_CODE = 'ISTEK_COK_BUYUK';

const limitOf = (request: FastifyRequest) => {
  const type = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return FORM_LIMITS.get(type) ?? MB;
};

/** The limit of the post's type in MB, as the pages' forms name it. */
export const formLimitOf = (request: FastifyRequest) => limitOf(request) / MB;

/**
 * The pages whose form says itself that the post was too large (the ticket forms, which take a file): the
 * browser without JavaScript sees the form again with the message, not a page of its own.
 */
const IN_PAGE = /^\/panel\/support(\/[^/]+)?\/?$/;
export const formTooLargeInPage = (request: FastifyRequest) => IN_PAGE.test(pathOf(request.url));

const message = (limit: number) =>
  `Gönderdiğiniz form çok büyük (en fazla ${limit / MB} MB). Ek dosyanız varsa daha küçük bir dosya seçip yeniden gönderin.`;

const page = (text: string) => `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Form çok büyük</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;
color:#1f2937;background:#faf7f2}main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.6rem;margin:0 0 1rem}p{line-height:1.6;margin:0 0 1.5rem}
a{display:inline-block;padding:.75rem 1.5rem;border-radius:.5rem;background:#1f2937;color:#fff;text-decoration:none}</style></head>
<body><main><h1>Form çok büyük</h1><p>${text}</p><a href="">Sayfaya dön</a></main></body></html>
`;

/**
 * A form post to a page over its type's limit (FORM_LIMITS), given up while it was still coming: 413 with a
 * short page in Turkish for browsers, the error body for React Router's data requests (`.data`). Node reads
 * the rest of the body and drops it as it comes; none of it is kept.
 */
export function sendFormTooLarge(request: FastifyRequest, reply: FastifyReply) {
  const text = message(limitOf(request));
  // Fastify closes the connection after a refused body; the browser, still sending its file, may then see a
  // reset connection instead of this answer. Kept open, Node reads what is left of the body and drops it.
  reply.removeHeader('connection');
  reply.status(413).header('cache-control', 'no-store');
  if (pathOf(request.url).endsWith('.data')) {
    return reply.send({ error: { code: FORM_TOO_LARGE_CODE, message: text } } satisfies ApiErrorBody);
  }
  return reply.type('text/html; charset=utf-8').send(page(text));
}
