import { compress, MIN_COMPRESSED_BYTES, ONCE_QUALITY } from '@vitrin/compression/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from '../../http/precompressed.ts';

/** What a route's serializer makes of an answer. */
type Serialized = ReturnType<FastifyReply['serialize']>;

const bytesOf = (body: Serialized): Buffer =>
  typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : Buffer.from(body);

/** An answer's JSON, and its compressed copies as clients first ask for them. */
interface Answer {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Listing and search answers for retail shoppers, serialized once and compressed once per encoding while the
 * catalogue index stays as it is (`stamp`: any change to it, a stock change from an order too, starts
 * afresh). Shoppers walk the same pages: an answer kept is a copy of bytes, where making it again costs the
 * page of the index, its cards, the serializer and brotli, and leaves the garbage that grows the heap under
 * load. Bounded by the bytes held, oldest dropped first.
 */
export function createAnswerCache(maxBytes: number) {
  let stamp = '';
  let bytes = 0;
  const answers = new Map<string, Promise<Answer | null>>();
  const sizes = new Map<string, number>();

  /** Counts `extra` more bytes held for `key`, then drops the oldest answers past the bound. */
  function count(key: string, extra: number) {
    sizes.set(key, (sizes.get(key) ?? 0) + extra);
    bytes += extra;
    for (const [oldest, held] of sizes) {
      if (bytes <= maxBytes) break;
      sizes.delete(oldest);
      answers.delete(oldest);
      bytes -= held;
    }
  }

  /** The answer of `key` under `current` (the index's stamp), made by `make` (null: nothing found). */
  function get(current: string, key: string, make: () => Promise<Serialized | null>): Promise<Answer | null> {
    if (current !== stamp) {
      stamp = current;
      answers.clear();
      sizes.clear();
      bytes = 0;
    }
    let answer = answers.get(key);
    if (!answer) {
      answer = make().then((body) => (body === null ? null : { identity: bytesOf(body) }));
      answers.set(key, answer);
      // Nothing found (made-up slugs) is not kept; the key's own bytes count with the answer's.
      const kept = (made: Answer | null) => {
        if (answers.get(key) !== answer) return;
        if (made) count(key, key.length + made.identity.length);
        else answers.delete(key);
      };
      answer.then(kept, () => kept(null));
    }
    return answer;
  }

  /** Sends the answer in the encoding the client takes, compressing it for that encoding the first time. */
  function send(request: FastifyRequest, reply: FastifyReply, answer: Answer, key: string) {
    const picked = pickEncoding(request.headers['accept-encoding']);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (picked === 'identity' || answer.identity.length < MIN_COMPRESSED_BYTES)
      return reply.send(answer.identity);
    let body = answer[picked];
    if (!body) {
      body = compress(answer.identity, picked, ONCE_QUALITY);
      answer[picked] = body;
      if (sizes.has(key)) count(key, body.length);
    }
    reply.header('content-encoding', picked);
    return reply.send(body);
  }

  return { get, send };
}
