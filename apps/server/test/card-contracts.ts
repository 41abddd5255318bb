import { Writable } from 'node:stream';
import type { ServicesOptions } from '@vitrin/core';
import { createIyzicoProvider } from '@vitrin/core/payments/iyzico/provider';
import { createPaytrProvider } from '@vitrin/core/payments/paytr/provider';
import { type IyzicoServer, startIyzicoServer } from '@vitrin/testing/iyzico-server';
import { openOrderWorld } from '@vitrin/testing/orders';
import { type PaytrContractServer, startPaytrServer } from '@vitrin/testing/paytr-server';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/http/app.ts';
import { createTestServices, testConfig } from './server.ts';

type Logger = { error(fields: object, message: string): void };

/** The real iyzico and PayTR adapters against their contract servers (a short wait: "slow" is quick to show). */
const contractFactories = (iyzico: IyzicoServer, paytr: PaytrContractServer, logger: Logger) => ({
  iyzico: () =>
    createIyzicoProvider({ keys: { ...iyzico.keys, baseUrl: iyzico.url }, timeoutMs: 1_500, logger }),
  paytr: () =>
    createPaytrProvider({ credentials: paytr.credentials, baseUrl: paytr.url, testMode: true, logger }),
});

/** PayTR's server posting its notification to the shop's notify route, as PayTR does. */
export const notifyShop = (app: FastifyInstance) => async (fields: Record<string, string>) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/paytr/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: res.body };
};

/**
 * A shop (no demo data) whose card payments go to the iyzico and PayTR contract servers through the real
 * adapters, its app, an order world on its database, and every line the server and the adapters log (a card
 * number must never be in them). `allowTestProvider`: the built-in test bank may be chosen too; `mailer`: where
 * the shop's e-mails go instead of its queue's default.
 */
export async function openCardWorld(
  options: { allowTestProvider?: boolean; mailer?: ServicesOptions['mailer'] } = {},
) {
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const logger = {
    error: (fields: object, message: string) => logLines.push(`${message} ${JSON.stringify(fields)}`),
  };
  const iyzico = await startIyzicoServer();
  const paytr = await startPaytrServer();
  const services = await createTestServices({
    demo: false,
    options: {
      ...(options.mailer ? { mailer: options.mailer } : {}),
      payments: {
        allowTestProvider: options.allowTestProvider ?? false,
        factories: contractFactories(iyzico, paytr, logger),
      },
    },
  });
  const app = await buildApp({
    services,
    config: testConfig(),
    logger: { level: 'trace', stream: logStream },
  });
  const w = await openOrderWorld({ database: services.database });
  await services.orders.ready();
  return {
    iyzico,
    paytr,
    services,
    app,
    w,
    logLines,
    async close() {
      await w.dispose();
      await app.close();
      await services.dispose();
      await iyzico.close();
      await paytr.close();
    },
  };
}
