import { compress, type Encoded, ONCE_QUALITY } from '@vitrin/compression/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MIN_COMPRESSED_BYTES } from '../pages/page-answer.mjs';

export { type Encoded, encodeAll } from '@vitrin/compression/compress';

/**
 * Compresses a body made for one answer (a page rendered for this request) in the encoding the client
 * takes, in one synchronous call.
 */
export function sendCompressedOnce(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding === 'identity' || body.length < MIN_COMPRESSED_BYTES) return reply.send(body);
  reply.header('content-encoding', encoding);
  return reply.send(compress(body, encoding, ONCE_QUALITY));
}

/** br when the client takes it, else gzip, else none (q=0 refusals respected). */
export function pickEncoding(acceptEncoding: string | undefined): keyof Encoded {
  if (!acceptEncoding) return 'identity';
  // Browsers send one of a handful of header values: each is parsed once (the map is bounded against
  // clients sending endless variants).
  let encoding = pickedEncodings.get(acceptEncoding);
  if (!encoding) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (pickedEncodings.size >= 256) pickedEncodings.clear();
    pickedEncodings.set(acceptEncoding, encoding);
  }
  return encoding;
}

const pickedEncodings = new Map<string, keyof Encoded>();

function parseAcceptEncoding(acceptEncoding: string): keyof Encoded {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

export function sendEncoded(request: FastifyRequest, reply: FastifyReply, encoded: Encoded) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(encoded[encoding]);
}
