// The baseline: the smallest Fastify server, so Vitrin's figures can be read relative to what this
// machine and Node can do at all. Runs as its own process so it never shares an event loop with autocannon.
// With BENCH_BODY_FILE it answers that file's bytes instead (with BENCH_BODY_ENCODING as content-encoding):
// what sending a page's bytes costs this machine and the load generator, with no work behind it.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const bodyFile = process.env.BENCH_BODY_FILE;
if (bodyFile) {
  const body = readFileSync(bodyFile);
  const encoding = process.env.BENCH_BODY_ENCODING;
  app.get('/', (_request, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  });
} else {
  app.get('/', async () => ({ hello: 'world' }));
}

await app.listen({ port: Number(process.env.PORT ?? 18500), host: process.env.HOST ?? '127.0.0.1' });

const close = () => app.close().then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);
