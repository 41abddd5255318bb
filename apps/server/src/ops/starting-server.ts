import { createServer } from 'node:http';
import type { ReadinessBody } from '../http/readiness.ts';

/** How long a visitor of a starting node is told to wait before asking again. */
const RETRY_AFTER_SECONDS = 5;
const STARTING_TEXT = 'Mağaza açılıyor; lütfen birkaç saniye sonra yeniden deneyin.\n';

/**
 * Listens on the shop's port while the node opens and migrates its database (seconds; longer on a big
 * migration or a node waiting for another's), before the shop itself can answer: `/readyz` says why it is
 * not ready (a balancer keeps shoppers away and sees the node as starting, not as dead), `/healthz` that the
 * process is alive, anything else 503 with Retry-After. Answers close their connection, so none is left for
 * the shop's server to inherit. Answers the function that stops listening (resolved once the port is free).
 */
export async function listenWhileStarting(
  port: number,
  host: string,
  readiness: () => ReadinessBody,
): Promise<() => Promise<void>> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const headers = { 'cache-control': 'no-store', connection: 'close' };
    if (path === '/healthz') {
      response.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ status: 'ok' }));
    } else if (path === '/readyz') {
      response.writeHead(503, { ...headers, 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(readiness()));
    } else {
      response.writeHead(503, {
        ...headers,
        'content-type': 'text/plain; charset=utf-8',
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
      response.end(STARTING_TEXT);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}
