import fastifyMultipart from '@fastify/multipart';
import type { AttachmentFile, AttachmentUpload, Services } from '@vitrin/core';
import {
  openTicketRequest,
  TICKETS_PER_PAGE,
  ticketListQuery,
  ticketReplyRequest,
} from '@vitrin/shared/api/support';
import { MAX_ATTACHMENT_BYTES } from '@vitrin/shared/ticket-status';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { AccountOf } from '../../sessions/account.ts';
import { forCustomer } from '../../storefront/customer.ts';
import { bodyOf, sendResult } from '../account/replies.ts';
import { apiRoutes, crossOrigin, errorAnswer, invalid, maintenance, noSession } from '../route.ts';
import { list, notFound, ticketAnswer, upload, withFile } from './schemas.ts';

const tooLarge = () =>
  new HttpError(
    413,
    'DOSYA_COK_BUYUK',
    `Ek dosya en fazla ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB olabilir.`,
    {
      file: 'Dosya çok büyük',
    },
  );

/** Multipart parts failures of the client's making, in Turkish with our codes. */
const PART_ERRORS: Record<string, () => HttpError> = {
  FST_REQ_FILE_TOO_LARGE: tooLarge,
  FST_FILES_LIMIT: () =>
    new HttpError(400, 'GECERSIZ_ISTEK', 'Bir mesaja en fazla bir dosya eklenebilir.', {
      file: 'Tek dosya seçin',
    }),
  FST_PARTS_LIMIT: () => new HttpError(400, 'GECERSIZ_ISTEK', 'İstekte çok fazla alan var.'),
  FST_FIELDS_LIMIT: () => new HttpError(400, 'GECERSIZ_ISTEK', 'İstekte çok fazla alan var.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new HttpError(400, 'GECERSIZ_ISTEK', 'Çok parçalı form okunamadı.'),
};

/** The text fields and the `file` part of a multipart body, or the JSON body (no attachment). */
export async function formOf(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; upload: AttachmentUpload | null }> {
  if (!request.isMultipart()) return { fields: bodyOf(request.body), upload: null };
  const fields: Record<string, unknown> = {};
  let upload: AttachmentUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        if (part.fieldname === 'file' && bytes.length > 0) upload = { bytes, name: part.filename ?? '' };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const known = PART_ERRORS[(err as { code?: string }).code ?? ''];
    if (known) throw known();
    throw err;
  }
  return { fields, upload };
}

/** A ticket's attachment as a download (the customer's and the panel's): images inline, never sniffed. */
export function sendAttachment(reply: FastifyReply, { bytes, name, type }: AttachmentFile) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const inline = type.startsWith('image/');
  return reply
    .status(200)
    .header('content-type', type)
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .send(bytes);
}

/**
 * Support tickets of the logged-in customer (panel: Destek): list, open (multipart with an optional `file`,
 * or JSON), read one with its thread, reply, close, and download an attachment. Another customer's ticket
 * answers 404 TALEP_BULUNAMADI exactly like one that does not exist.
 */
export async function registerSupportRoutes(app: FastifyInstance, services: Services, accountOf: AccountOf) {
  const { support } = services;

  const asCustomer = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (customerId: number) => Promise<T>,
  ) => forCustomer(accountOf, request, reply, work);
  const ticket = (status: number) => (value: unknown) => ({ status, body: { ticket: value } });

  const route = apiRoutes(app, accountOf);
  const tag = 'Mağaza: destek ve iletişim';
  const ticketNo = { ticketNo: z.string().describe('DT- and 8 characters; anything else is not found') };

  route({
    method: 'GET',
    url: '/api/front/support/tickets',
    summary: `The customer's tickets, ${TICKETS_PER_PAGE} a page (last change first), and their recent orders to name on a new one`,
    tag,
    auth: true,
    querystring: ticketListQuery,
    responses: { 200: { description: 'Tickets', schema: list }, ...invalid, ...noSession },
    handler: async (request, reply) =>
      sendResult(
        reply,
        await asCustomer(request, reply, (id) => support.list(id, request.query)),
        (found) => ({
          status: 200,
          body: found,
        }),
      ),
  });

  route({
    method: 'GET',
    url: '/api/front/support/tickets/:ticketNo',
    summary: 'One ticket with its thread',
    tag,
    auth: true,
    params: ticketNo,
    responses: { 200: { description: 'The ticket', schema: ticketAnswer }, ...noSession, ...notFound },
    handler: async (request, reply) =>
      sendResult(
        reply,
        await asCustomer(request, reply, (id) => support.detail(id, request.params.ticketNo)),
        ticket(200),
      ),
  });

  route({
    method: 'POST',
    url: '/api/front/support/tickets/:ticketNo/close',
    summary: 'Closes the ticket (closing a closed one changes nothing)',
    tag,
    auth: true,
    params: ticketNo,
    responses: {
      200: { description: 'The closed ticket', schema: ticketAnswer },
      ...noSession,
      ...crossOrigin,
      ...notFound,
      ...maintenance,
    },
    handler: async (request, reply) =>
      sendResult(
        reply,
        await asCustomer(request, reply, (id) => support.close(id, request.params.ticketNo)),
        ticket(200),
      ),
  });

  route({
    method: 'GET',
    url: '/api/front/support/tickets/:ticketNo/attachments/:messageId',
    summary: "A message's attachment, for the ticket's owner only (Content-Disposition, nosniff)",
    tag,
    auth: true,
    params: { ...ticketNo, messageId: z.string().describe('The message id') },
    responses: { 200: { description: 'The file' }, ...noSession, ...notFound },
    handler: async (request, reply) => {
      const { ticketNo: number, messageId } = request.params;
      const result = await asCustomer(request, reply, (id) => support.attachment(id, number, messageId));
      if (!result.ok) return sendResult(reply, result, () => ({ status: 200 }));
      return sendAttachment(reply.header('cache-control', 'private, no-store'), result.value);
    },
  });

  // Multipart is parsed only here (its own plugin scope), like the cart's uploads.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5, parts: 6 },
    });
    const options = {
      bodyLimit: MAX_ATTACHMENT_BYTES + 64 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    };

    const inScope = apiRoutes(scope, accountOf);

    inScope({
      method: 'POST',
      url: '/api/front/support/tickets',
      summary: 'Opens a ticket (JSON, or multipart/form-data with an optional `file`)',
      tag,
      auth: true,
      body: withFile(openTicketRequest),
      multipart: true,
      responses: {
        201: { description: 'The new ticket with its thread', schema: ticketAnswer },
        ...invalid,
        ...noSession,
        ...crossOrigin,
        ...upload,
        422: errorAnswer('SIPARIS_GECERSIZ: the order is not one of the customer’s'),
        ...maintenance,
      },
      ...options,
      handler: async (request, reply) => {
        const result = await asCustomer(request, reply, async (id) => {
          const { fields, upload: file } = await formOf(request);
          return support.open(id, fields, file);
        });
        return sendResult(reply, result, ticket(201));
      },
    });

    inScope({
      method: 'POST',
      url: '/api/front/support/tickets/:ticketNo/messages',
      summary: "The customer's reply (JSON or multipart with an optional `file`): the ticket is open again",
      tag,
      auth: true,
      params: ticketNo,
      body: withFile(ticketReplyRequest),
      multipart: true,
      responses: {
        201: { description: 'The ticket with the new message', schema: ticketAnswer },
        ...invalid,
        ...noSession,
        ...crossOrigin,
        ...notFound,
        ...upload,
        ...maintenance,
      },
      ...options,
      handler: async (request, reply) => {
        const result = await asCustomer(request, reply, async (id) => {
          const { fields, upload: file } = await formOf(request);
          return support.reply(id, request.params.ticketNo, fields, file);
        });
        return sendResult(reply, result, ticket(201));
      },
    });
  });
}
