import type { Socket } from 'node:net';
import { isDatabaseUnavailable } from '@vitrin/core/db/errors';
import { DomainError, secondsUntil } from '@vitrin/core/errors';
import { DISK_FULL_CODE, DISK_FULL_WRITE_MESSAGE, isDiskFull } from '@vitrin/core/media/disk-full';
import type { ApiErrorBody } from '@vitrin/shared/api/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendDatabaseOutage } from './database-outage.ts';
import { pathOf } from './request-path.ts';

/** An API failure with its status, stable code and Turkish message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Fastify's own client errors, in Turkish with our codes. */
const fastifyClientErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'ISTEK_COK_BUYUK',
    message: 'İstek gövdesi çok büyük (en fazla 1 MB).',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'DESTEKLENMEYEN_ICERIK_TURU',
    message: 'Bu içerik türü desteklenmiyor; istek gövdesi JSON (application/json) olmalıdır.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'GECERSIZ_JSON',
    message: 'İstek gövdesi boş; geçerli bir JSON gönderin.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'GECERSIZ_JSON',
    message: 'İstek gövdesi geçerli bir JSON değil.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'GECERSIZ_ISTEK',
    message: 'İstek gövdesinin uzunluğu Content-Length başlığıyla uyuşmuyor.',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'GECERSIZ_ADRES', message: 'İstek adresi geçersiz.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'ADRES_COK_UZUN', message: 'İstek adresi çok uzun.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'GECERSIZ_ISTEK', message: 'İstek geçersiz.' },
};

/**
 * The multipart parser's (busboy's) errors carry no code: a body without its boundary or cut short is the
 * client's, wherever a route reads its parts.
 */
const isMalformedMultipart = (error: Error) =>
  /^(Multipart: Boundary not found|Unexpected end of multipart data)$|terminated early due to unexpected end of multipart data$/.test(
    error.message,
  );

/** A 404 body naming what was not found at which path (without the query). */
export function notFoundBody(what: string, url: string): ApiErrorBody {
  return errorBody('BULUNAMADI', `${what} bulunamadı: ${pathOf(url)}`);
}

/**
 * The shop's one error handler. A domain refusal is the API's error body with its status (and Retry-After when
 * it says when to try again); an HttpError is the HTTP layer's own refusal; the rest are outages, Fastify's
 * client errors and bugs.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    if (error.retryAt) reply.header('retry-after', String(secondsUntil(error.retryAt)));
    // Details (an import's rows, say) are answered beside `error`.
    const details = typeof error.details === 'object' && error.details !== null ? error.details : {};
    return reply
      .status(error.status)
      .send({ ...errorBody(error.code, error.message, error.fields), ...details });
  }
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return sendDatabaseOutage(request, reply);
  }
  if (isDiskFull(error)) {
    // The write was refused as a whole (a transaction rolled back): the same request works once there is room.
    request.log.error({ err: error }, 'disk full');
    return reply
      .status(503)
      .header('retry-after', '60')
      .send(errorBody(DISK_FULL_CODE, DISK_FULL_WRITE_MESSAGE));
  }
  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return reply.status(known.status).send(errorBody(known.code, known.message));
  if (isMalformedMultipart(error)) {
    return reply.status(400).send(errorBody('GECERSIZ_ISTEK', 'Çok parçalı form okunamadı.'));
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return reply.status(400).send(errorBody('GECERSIZ_JSON', 'İstek gövdesi geçerli bir JSON değil.'));
  }
  if (error.validation) {
    return reply
      .status(400)
      .send(errorBody('GECERSIZ_ISTEK', 'İstekteki bazı alanlar geçersiz.', validationFields(error)));
  }
  if (error.statusCode === 429) {
    return reply
      .status(429)
      .send(errorBody('COK_FAZLA_ISTEK', 'Çok fazla istek gönderdiniz; lütfen biraz sonra tekrar deneyin.'));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: error }, 'client error');
    return reply.status(error.statusCode).send(errorBody('GECERSIZ_ISTEK', 'İstek işlenemedi.'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .status(500)
    .send(errorBody('SUNUCU_HATASI', 'Beklenmeyen bir hata oluştu; lütfen daha sonra tekrar deneyin.'));
}

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[key] = 'Geçersiz değer.';
  }
  return fields;
}

/** What Node's HTTP parser refuses before Fastify sees a request, in the error shape with a Turkish message. */
const CLIENT_ERRORS: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'ISTEK_BASLIGI_COK_BUYUK',
    'İstek adresi veya başlıkları çok uzun.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'ISTEK_ZAMAN_ASIMI', 'İstek zamanında tamamlanmadı.'],
};

/** Fastify's `clientErrorHandler`: a request the HTTP parser could not read (a too long URL, say). */
export function handleClientError(error: Error & { code?: string }, socket: Socket) {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'GECERSIZ_ISTEK',
    'İstek okunamadı.',
  ];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
