// The baseline: the smallest Fastify server, so Vitrin's figures can be read relative to what this
// machine and Node can do at all. Runs as its own process so it never shares an event loop with autocannon.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

await app.listen({ port: Number(process.env.PORT ?? 18500), host: process.env.HOST ?? '127.0.0.1' });

const close = () => app.close().then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);
